// When the page replaces a busy processing worker instead of waiting for it (`processingClient.ts`).

export interface BusyWorker {
  /** How long the worker has been computing the request it is on, ms. */
  busyForMs: number;
  /** How long the last preview of this signal took, send to answer, ms (null before the first answer). */
  lastPreviewMs: number | null;
  /** What a fresh worker costs before it can start the new request: starting it, handing over the signal
   * and measuring it, ms (null until the signal was measured once). */
  restartMs: number | null;
}

/**
 * A newer request finds the worker busy: replace it (terminate, start a new one, send the signal again)
 * when the computation it is on would still take longer than a fresh worker needs to be ready; otherwise
 * wait, and the worker's queue computes only the newest request next. Without both figures, wait.
 */
export function shouldRestart({ busyForMs, lastPreviewMs, restartMs }: BusyWorker): boolean {
  if (lastPreviewMs === null || restartMs === null) return false;
  return lastPreviewMs - busyForMs > restartMs;
}
