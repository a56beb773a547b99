// Registers the service worker and suggests installing the app once per browser (a toast with a button).
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { storage } from '../api/client.ts';
import { actionToastOptions } from '../lib/toast.ts';
import { markSuggested, wasSuggested } from './installSuggestion.ts';
import { installPrompts, registerServiceWorker } from './pwa.ts';

export const INSTALL_SUGGESTION_TEXT = 'Install Eluent as an app for a window of its own.';

function SuggestionToast() {
  return (
    <div className="update-toast">
      <span>{INSTALL_SUGGESTION_TEXT}</span>
      <button type="button" className="button button--small" onClick={() => void installPrompts.install()}>
        Install
      </button>
    </div>
  );
}

export function PwaSupport() {
  useEffect(() => {
    registerServiceWorker();
    const suggest = () => {
      if (!installPrompts.current() || wasSuggested(storage)) return;
      markSuggested(storage);
      toast.info(<SuggestionToast />, { ...actionToastOptions, toastId: 'install-suggestion' });
    };
    suggest();
    return installPrompts.subscribe(suggest);
  }, []);
  return null;
}
