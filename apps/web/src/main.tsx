import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'material-icons/iconfont/filled.css';
import './components/theme.css';
import { App } from './App.tsx';
import { ensureIconFont } from './lib/iconFont.ts';
import { startErrorReporting } from './lib/errorReporting.ts';
// At start, not with the install suggestion after first paint: the browser's install offer
// (beforeinstallprompt) can come before that, and is kept until the suggestion asks for it.
import './pwa/pwa.ts';
import { startPageChunks } from './pageChunks.ts';

async function start() {
  // The page's chunks load while the icon font does (pageChunks.ts).
  startPageChunks(window.location.pathname);
  if (!(await ensureIconFont())) return;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void startErrorReporting();
}

void start();
