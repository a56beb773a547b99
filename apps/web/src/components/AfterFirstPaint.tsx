// The parts of the page nobody sees on first paint — the toast container, the update notice, the install
// suggestion — and their libraries (react-toastify) load once the page has loaded and the browser is idle,
// so the first page's JavaScript is only what draws it (docs/web.md "First page").
import { lazy, Suspense, useEffect, useState } from 'react';

const Extras = lazy(() => import('./PageExtras.tsx'));

/** Resolves after the window's load event, at the browser's next idle moment. */
function afterLoadAndIdle(run: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(run);
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

export function AfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Extras />
    </Suspense>
  );
}
