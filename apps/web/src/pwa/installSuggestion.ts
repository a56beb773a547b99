// The one-time install suggestion: when the browser offers installation (beforeinstallprompt) and the app
// has not suggested it before in this browser, it suggests it once and remembers that under the spec's
// "was-suggested-PWA-installation" key.
import { globalStorageKey, type KeyValueStorage } from '../lib/storage.ts';

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const KEY = globalStorageKey('wasSuggestedPwaInstallation');

export const wasSuggested = (storage: KeyValueStorage) => storage.getItem(KEY) === 'true';
export const markSuggested = (storage: KeyValueStorage) => storage.setItem(KEY, 'true');

type Listener = (event: InstallPromptEvent | null) => void;

/** Holds the browser's deferred install prompt; listeners hear when it arrives or is used. */
export function createInstallPrompts(target: Pick<Window, 'addEventListener'>) {
  let deferred: InstallPromptEvent | null = null;
  const listeners = new Set<Listener>();
  const tell = () => listeners.forEach((listener) => listener(deferred));
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    tell();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    tell();
  });
  return {
    current: () => deferred,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Shows the browser's install dialog; the prompt can be used once. */
    async install(): Promise<boolean> {
      const event = deferred;
      if (!event) return false;
      deferred = null;
      tell();
      await event.prompt();
      return (await event.userChoice)?.outcome !== 'dismissed';
    },
  };
}

export type InstallPrompts = ReturnType<typeof createInstallPrompts>;
