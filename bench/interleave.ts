// Timing helpers of the benchmarks with a reference run: ours and the reference alternate on the same input
// in the same run, and each side's medians are reported.

/** Wall time and process CPU time of one call, ms, and the count it returned. */
export interface Outcome {
  ms: number;
  cpuMs: number;
  count: number;
}

interface Medians {
  wall: number;
  cpu: number;
}

export interface Interleaved {
  ours: Medians;
  reference: Medians | null;
  oursCount: number;
  referenceCount: number | null;
}

const median = (runs: number[]) => {
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const medians = (runs: Outcome[]): Medians => ({
  wall: median(runs.map((run) => run.ms)),
  cpu: median(runs.map((run) => run.cpuMs)),
});

/** Times one call in this process: wall time and process CPU time (user + system, every thread). */
function timeCall(body: () => number): Outcome {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const count = body();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, count };
}

/**
 * `rounds` interleaved rounds after two warm-up rounds; the order alternates (ours first, then reference
 * first) so neither side always runs on a freshly warmed cache. `before`, untimed, runs before each of our
 * calls. Returns the medians and the peak counts.
 */
export async function interleave(
  rounds: number,
  ours: () => number,
  reference: (() => Promise<Outcome>) | null,
  before: (() => void) | null = null,
): Promise<Interleaved> {
  const oursRuns: Outcome[] = [];
  const referenceRuns: Outcome[] = [];
  for (let round = -2; round < rounds; round++) {
    let mine: Outcome;
    let theirs: Outcome | null = null;
    if (round % 2 === 0) {
      before?.();
      mine = timeCall(ours);
      theirs = reference ? await reference() : null;
    } else {
      theirs = reference ? await reference() : null;
      before?.();
      mine = timeCall(ours);
    }
    if (round < 0) continue;
    oursRuns.push(mine);
    if (theirs) referenceRuns.push(theirs);
  }
  return {
    ours: medians(oursRuns),
    reference: referenceRuns.length ? medians(referenceRuns) : null,
    oursCount: oursRuns[oursRuns.length - 1]?.count ?? 0,
    referenceCount: referenceRuns[referenceRuns.length - 1]?.count ?? null,
  };
}

export const format = (value: number | null, digits = 1) => (value === null ? '–' : value.toFixed(digits));

/** ours / reference to two decimals, or a dash without a reference. */
export const ratio = (mine: number, theirs: number | undefined) =>
  theirs === undefined ? '–' : format(mine / theirs, 2);

export function printRow(cells: string[], widths: number[]) {
  console.log(
    cells.map((cell, k) => (k === 0 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))).join('  '),
  );
}
