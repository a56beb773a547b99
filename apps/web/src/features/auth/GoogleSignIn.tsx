// Google sign-in, shown only when the server has a client id configured. The button's code is a chunk of
// its own, loaded once the server has named a client id: without one (the default) it is never loaded, and
// it is never part of the sign-in page's first render (docs/web.md "First page").
import { lazy, Suspense, useEffect, useState } from 'react';
import { googleClientId } from '../../api/auth.ts';

const Button = lazy(() =>
  import('./GoogleSignInButton.tsx').then((module) => ({ default: module.GoogleSignInButton })),
);

export function GoogleSignIn({ onError }: { onError: (text: string) => void }) {
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void googleClientId().then((id) => {
      if (active) setClientId(id);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!clientId) return null;
  return (
    <Suspense fallback={null}>
      <Button clientId={clientId} onError={onError} />
    </Suspense>
  );
}
