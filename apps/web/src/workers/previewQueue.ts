// The worker's coalescing rule: of the preview requests that arrived while it was busy (or within one yield),
// only the latest is computed; every earlier one is answered as superseded, never computed.
import type { ToWorker } from './processingMessages.ts';

export type PreviewRequest = Extract<ToWorker, { type: 'process' }>;

export interface Coalesced {
  /** The request to compute: the last to arrive (null when none waits). */
  run: PreviewRequest | null;
  /** The ids of the requests it supersedes, in arrival order. */
  superseded: number[];
}

/**
 * Takes the waiting requests in arrival order. The page asks only for its latest template (on its latest
 * signal), so the last request wins whatever the signal of the earlier ones.
 */
export function coalesce(waiting: readonly PreviewRequest[]): Coalesced {
  const run = waiting.at(-1) ?? null;
  return { run, superseded: waiting.slice(0, -1).map((request) => request.id) };
}

/**
 * The queue between the worker's messages and its computation: a request is queued and a drain scheduled
 * (one yield, so that the messages already queued behind it arrive first); the drain computes only the
 * latest request. `schedule` is the yield (a zero timeout in the worker, a list in the tests).
 */
export function createPreviewQueue(
  schedule: (drain: () => void) => void,
  compute: (request: PreviewRequest) => void,
  supersede: (id: number) => void,
): { push(request: PreviewRequest): void; waiting(): number } {
  let waiting: PreviewRequest[] = [];
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    const { run, superseded } = coalesce(waiting);
    waiting = [];
    for (const id of superseded) supersede(id);
    if (run) compute(run);
  };
  return {
    push(request) {
      waiting.push(request);
      if (scheduled) return;
      scheduled = true;
      schedule(drain);
    },
    waiting: () => waiting.length,
  };
}
