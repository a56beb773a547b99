// Interrupted injections (docs/sequences.md "Interrupted injections"). An injection is running on an
// instrument; when this process cannot know that the instrument still runs it (after a restart of the
// server, or while the instrument is offline) it watches the instrument: the run is still there → nothing to
// do; the instrument comes back without it, or stays away longer than `lostAfterMs` → the injection is
// marked `interrupted` with its points and a reason, and a RUNNING sequence does what its method chose:
// waits PAUSED for the user's choice (continue with the next row, run the row again, or stop), runs the row
// again once, or goes on with the next row (injection-interrupt.ts).
import type { FastifyBaseLogger } from 'fastify';
import { retryWhileUnavailable, type DatabaseAvailability } from '../../db/availability.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import { createInjectionInterrupt, unfinished } from './injection-interrupt.ts';
import type { InstrumentPort } from './instrument-port.ts';

/** Why the watch started: this process restarted, or the instrument went offline. */
export type WatchCause = 'restart' | 'instrument';

const POLL_MS = 250;

export function createInterruptions(deps: {
  sequences: SequencesRepository;
  runs: RunsRepository;
  port: InstrumentPort;
  logger: FastifyBaseLogger;
  lostAfterMs: number;
  /**
   * After the instrument reports without the run, it may still be delivering the run's buffered points and
   * its finish (a run that ended while the link was down): wait this long after the last stored chunk.
   */
  deliveryGraceMs: number;
  availability: DatabaseAvailability;
  /** Publishes a sequence's progress after its injection was interrupted. */
  changed: (sequence: SequenceRow) => Promise<void>;
  /** Drives a sequence on whose method chose to re-inject or skip an interrupted injection. */
  goOn: (sequenceId: number) => Promise<void>;
  /** Takes the sequence's claim: false while another server process drives it (that one watches). */
  claim: (sequenceId: number) => Promise<boolean>;
  /** Gives the claim up when the sequence no longer needs a driver. */
  settle: (sequenceId: number) => Promise<void>;
}) {
  const { runs, port, logger } = deps;
  const interrupt = createInjectionInterrupt(deps);
  const watching = new Map<number, Promise<void>>();
  let closed = false;

  async function watchLoop(injectionId: number, cause: WatchCause): Promise<void> {
    const first = await runs.injection(injectionId);
    if (!first || !unfinished(first) || first.sequence_id === null) return;
    const sequenceId = first.sequence_id;
    if (!(await deps.claim(sequenceId))) return;
    try {
      await watchClaimed(injectionId, cause);
    } finally {
      await deps.settle(sequenceId);
    }
  }

  async function watchClaimed(injectionId: number, cause: WatchCause): Promise<void> {
    const deadline = Date.now() + deps.lostAfterMs;
    let withoutRunSince: number | null = null;
    let chunks = -1;
    while (!closed) {
      const injection = await runs.injection(injectionId);
      if (!injection || !unfinished(injection)) return;
      if (injection.device_id === null) {
        await interrupt(injectionId, 'injection_interrupted_instrument_lost');
        return;
      }
      const measurement = await runs.measurementOfInjection(injectionId);
      const availability = await port.availability(injection.device_id);
      if (availability.online && availability.measurementId !== undefined) {
        // The instrument still runs it: its points and finish arrive as usual.
        if (measurement && availability.measurementId === measurement.id) return;
        const stored = measurement ? await runs.chunkCount(measurement.id) : 0;
        if (stored !== chunks || withoutRunSince === null) {
          chunks = stored;
          withoutRunSince = Date.now();
        } else if (Date.now() - withoutRunSince >= deps.deliveryGraceMs) {
          await interrupt(
            injectionId,
            cause === 'restart' ? 'injection_interrupted_restart' : 'injection_interrupted_instrument_reset',
          );
          return;
        }
      } else if (!availability.online) {
        withoutRunSince = null;
        if (Date.now() >= deadline) {
          await interrupt(injectionId, 'injection_interrupted_instrument_lost');
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Watches one running injection until its instrument shows it still runs it, or it is interrupted. */
  function watch(injectionId: number, cause: WatchCause): Promise<void> {
    const running = watching.get(injectionId);
    if (running) return running;
    // A lost database connection waits for the database and watches again.
    const done = retryWhileUnavailable(
      deps.availability,
      () => watchLoop(injectionId, cause),
      () => closed,
    )
      .catch((error: unknown) => logger.error({ err: error, injectionId }, 'watching an injection failed'))
      .finally(() => watching.delete(injectionId));
    watching.set(injectionId, done);
    return done;
  }

  async function watchDevice(deviceId: number): Promise<void> {
    for (const injection of await runs.unfinishedInjections(deviceId)) void watch(injection.id, 'instrument');
  }

  port.onConnectionChange((deviceId, online) => {
    if (online || closed) return;
    watchDevice(deviceId).catch((error: unknown) =>
      logger.error({ err: error, deviceId }, 'watching a lost instrument failed'),
    );
  });

  return {
    interrupt,
    watch,
    /** After a restart: every injection left running is watched. */
    async recover(): Promise<void> {
      for (const injection of await runs.unfinishedInjections()) void watch(injection.id, 'restart');
    },
    /** Waits for the watches under way (tests). */
    async settled(): Promise<void> {
      await Promise.all([...watching.values()]);
    },
    close(): void {
      closed = true;
    },
  };
}

export type Interruptions = ReturnType<typeof createInterruptions>;
