// How much longer than on the development machine a test run may take (docs/testing.md "Slow machines"):
// every test timeout and every `eventually` deadline is multiplied by it, so a slow or loaded machine takes
// longer but does not fail on the clock. A wait still fails when its state never comes.
import { availableParallelism, loadavg } from 'node:os';

/** Set for the processes a run starts, so its workers and children use the run's figure. */
const TIME_SCALE_ENV = 'ELUENT_TEST_TIME_SCALE';
/** The development machine has two cores; a run on fewer, or beside other work, gets more time. */
const REFERENCE_CORES = 2;
/** Beyond this a wait is a hang, not a slow machine. */
const MAX_SCALE = 8;

/**
 * The run's time factor: `ELUENT_TEST_TIME_SCALE` when set, else measured once from the cores this process
 * may use (`taskset` counts) and the load average beside it, at least 1, at most 8; stored in the
 * environment so the run's workers and child processes read the same figure.
 * @returns the factor (1 on an idle 2-core machine)
 */
export function testTimeScale() {
  const set = Number(process.env[TIME_SCALE_ENV]);
  if (Number.isFinite(set) && set > 0) return set;
  const cores = availableParallelism();
  const busy = loadavg()[0] / cores;
  const measured = Math.min(MAX_SCALE, Math.max(1, REFERENCE_CORES / cores, busy));
  const scale = Math.round(measured * 10) / 10;
  process.env[TIME_SCALE_ENV] = String(scale);
  return scale;
}

/**
 * The largest factor a wait can be given (a medium test's `scaled()` reads the load when it is called): a
 * test's own timeout, the backstop for a hang outside any wait, is never shorter than the waits inside it.
 */
export function maxTimeScale() {
  return Math.max(MAX_SCALE, testTimeScale());
}

/**
 * The factor the machine's load asks for now (load average per usable core, 1–8): a wait begun while other
 * work crowds the machine gets the time it needs even when the run's own figure was taken on a quiet one.
 */
export function loadTimeScale() {
  const busy = loadavg()[0] / availableParallelism();
  return Math.round(Math.min(MAX_SCALE, Math.max(1, busy)) * 10) / 10;
}
