import { describe, expect, it } from 'vitest';
import { shouldRestart } from './previewRestart.ts';

describe('replacing a busy processing worker', () => {
  it('waits until both the preview time and the restart cost are known', () => {
    expect(shouldRestart({ busyForMs: 0, lastPreviewMs: null, restartMs: 10 })).toBe(false);
    expect(shouldRestart({ busyForMs: 0, lastPreviewMs: 900, restartMs: null })).toBe(false);
  });

  it('restarts only when what remains of the stale computation exceeds a fresh worker’s cost', () => {
    // 1,000,000 points: a long preview just begun, a fresh worker ready sooner.
    expect(shouldRestart({ busyForMs: 20, lastPreviewMs: 600, restartMs: 250 })).toBe(true);
    // The same preview nearly done: waiting is sooner.
    expect(shouldRestart({ busyForMs: 400, lastPreviewMs: 600, restartMs: 250 })).toBe(false);
    // A short preview (200,000 points): never worth a new worker.
    expect(shouldRestart({ busyForMs: 0, lastPreviewMs: 15, restartMs: 40 })).toBe(false);
    // Equal: waiting.
    expect(shouldRestart({ busyForMs: 100, lastPreviewMs: 350, restartMs: 250 })).toBe(false);
    // A computation that starts only after the signal is measured (busy for a negative time).
    expect(shouldRestart({ busyForMs: -100, lastPreviewMs: 200, restartMs: 250 })).toBe(true);
  });
});
