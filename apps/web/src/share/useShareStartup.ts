// Shared app start (spec §4): the realtime connection is opened unless the hash begins with #/reports/;
// on failure the generic error is shown; loading stops either way.
import { useEffect, useState } from 'react';
import { connectShareRealtime, needsRealtime } from './shareRealtime.ts';

export type StartupState = 'loading' | 'ready' | 'error';

export function useShareStartup(hash = window.location.hash): StartupState {
  const [state, setState] = useState<StartupState>(needsRealtime(hash) ? 'loading' : 'ready');
  useEffect(() => {
    if (!needsRealtime(hash)) return;
    let current = true;
    connectShareRealtime()
      .then((connected) => current && setState(connected ? 'ready' : 'error'))
      .catch(() => current && setState('error'));
    return () => {
      current = false;
    };
  }, [hash]);
  return state;
}
