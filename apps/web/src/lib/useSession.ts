// React view of the session: re-renders when the access token is saved or cleared.
import { useSyncExternalStore } from 'react';
import { session } from '../api/client.ts';
import type { AccessTokenPayload } from './jwt.ts';

let cachedToken: string | null | undefined;
let cachedPayload: AccessTokenPayload | null = null;

function snapshot(): AccessTokenPayload | null {
  const current = session.current();
  const token = current?.token ?? null;
  if (token !== cachedToken) {
    cachedToken = token;
    cachedPayload = current?.payload ?? null;
  }
  return cachedPayload;
}

function subscribe(onChange: () => void): () => void {
  const stopListening = session.subscribe(onChange);
  // Another tab signing in or out changes local storage; follow it.
  const onStorage = () => onChange();
  window.addEventListener('storage', onStorage);
  return () => {
    stopListening();
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user's token payload, or null when signed out. */
export function useSessionUser(): AccessTokenPayload | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
