// Loads a shared sample with the link's share token; reloads on demand (a live injection finished).
import { useCallback, useEffect, useState } from 'react';
import { SHARED_SAMPLE } from '@eluent/contracts';
import { sharedSampleOf, type SharedSample } from './sharedSample.ts';
import { shareErrorText, visitorGraphql, visitorToken } from './visitor.ts';

export type SharedSampleState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'not-found' }
  | { status: 'ready'; sample: SharedSample; token: string };

export function useSharedSample(shareToken: string, sampleId: number) {
  const [state, setState] = useState<SharedSampleState>({ status: 'loading' });
  const [revision, setRevision] = useState(0);
  const reload = useCallback(() => setRevision((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    const load = async () => {
      try {
        const token = await visitorToken(shareToken, sampleId);
        const data = await visitorGraphql(shareToken, sampleId).query(SHARED_SAMPLE, { id: sampleId });
        const sample = sharedSampleOf(data);
        if (!current) return;
        setState(sample ? { status: 'ready', sample, token } : { status: 'not-found' });
      } catch (error) {
        if (!current) return;
        const message = shareErrorText(error);
        setState({ status: 'error', message });
      }
    };
    void load();
    return () => {
      current = false;
    };
  }, [shareToken, sampleId, revision]);

  return { state, reload };
}
