// Shared client state of spec §3: isServerVersionGreater, set from the `version` header of any response.
import { isServerVersionGreater } from '../lib/version.ts';

export interface VersionState {
  report(serverVersion: string): void;
  isServerVersionGreater(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createVersionState(
  clientVersion: string,
  warn: (text: string) => void = () => {},
): VersionState {
  let greater = false;
  let lastChecked: string | null = null;
  const listeners = new Set<() => void>();
  return {
    report(serverVersion) {
      if (greater || serverVersion === lastChecked) return;
      lastChecked = serverVersion;
      try {
        greater = isServerVersionGreater(serverVersion, clientVersion);
      } catch (error) {
        warn(error instanceof Error ? error.message : String(error));
        return;
      }
      if (greater) for (const listener of listeners) listener();
    },
    isServerVersionGreater: () => greater,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
