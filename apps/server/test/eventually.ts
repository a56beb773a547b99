// The one way a test waits (docs/testing.md "Waiting"): on the state it needs, checked again and again until
// it holds, with a deadline derived from the work and stretched by the run's time scale on a slow machine.
import { loadTimeScale, testTimeScale } from '../../../scripts/test-time.mjs';

export interface EventuallyOptions {
  /** What is awaited, named in the failure. @default the check's source text */
  what?: string;
  /**
   * How long the awaited work may take on the development machine, in ms; multiplied by the run's time
   * scale (`scaled`). @default 30_000
   */
  deadline?: number;
  /** Pause between two checks, in ms. @default 20 */
  intervalMs?: number;
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/**
 * Resolves with the check's first truthy value; rejects naming `what` when the deadline passes first. An
 * error thrown by the check fails at once.
 * @example const row = await eventually(() => findRow(id), { what: 'the stored row', deadline: 5_000 });
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: EventuallyOptions = {},
): Promise<Truthy<T>> {
  const deadlineMs = scaled(options.deadline ?? 30_000);
  const intervalMs = options.intervalMs ?? 20;
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() - started > deadlineMs) {
      const what = options.what ?? check.toString().replace(/\s+/g, ' ').slice(0, 200);
      throw new Error(`never happened within ${deadlineMs} ms: ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * `ms` of the development machine on this run's machine: the run's figure (`ELUENT_TEST_TIME_SCALE`,
 * scripts/test-time.mjs) or, when the machine has grown busier since it was taken, the load now.
 */
export function scaled(ms: number): number {
  return Math.round(ms * Math.max(testTimeScale(), loadTimeScale()));
}

/**
 * The deadline of simulated runs, in development-machine ms: each run's simulated time at the instrument's
 * speed, plus `overheadMs` per run for starting it and storing and processing its points.
 */
export function simulatedRunsDeadline(options: {
  runTimeSec: number;
  speed: number;
  runs?: number;
  overheadMs?: number;
}): number {
  const runs = options.runs ?? 1;
  return runs * ((options.runTimeSec * 1000) / options.speed + (options.overheadMs ?? 5_000));
}

/**
 * A simulated instrument's speed for a window a test must act in (requests made while an injection still
 * runs): `speed` on the development machine, slowed by the run's time scale, so the window holds as many of
 * the test's requests on a slower machine. Runs that only have to finish keep their speed.
 */
export function pacedSpeed(speed: number): number {
  return (speed * 1000) / scaled(1000);
}
