// The installable app: the service worker (production builds only) and the browser's install prompt.
import { createInstallPrompts } from './installSuggestion.ts';

export const installPrompts = createInstallPrompts(window);

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('Service worker not registered', error);
  });
}
