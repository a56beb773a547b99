// Long traces in bounded memory: a 20,000,000-point AIA file written by our writer is read the way the CLI
// import reads it (chunked into one array, typed arrays straight from the bytes) with the JS heap bounded by
// the data, and a long file goes through the whole CLI import (store + process) under the same bound.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { writeAia } from '@eluent/signal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareCommandServer, type CommandServer } from '../../test/command-server.ts';
import { readUploadedChromatogram } from '../services/results/files.ts';
import { importCommand, readFileBytes } from './import-command.ts';
import { scaled } from '../../test/eventually.ts';

const LARGE_POINTS = 20_000_000;
// Storing goes through the database chunk by chunk; the full import is run at 500,000 points by default
// to keep the test short (ELUENT_LARGE_IMPORT_POINTS=20000000 runs it at full size).
const IMPORT_POINTS = Number(process.env.ELUENT_LARGE_IMPORT_POINTS ?? 500_000);

/**
 * Three Gaussian peaks on a slow drift, sampled at 100 Hz, with a 10-sample dropout in the middle. No noise:
 * these tests are about reading and storing a long trace, not about detection.
 */
function writeLargeFile(path: string, points: number) {
  const timeSec = new Float64Array(points);
  const values = new Float64Array(points);
  const span = points / 100;
  const centres = [0.2, 0.5, 0.8].map((fraction) => fraction * span);
  for (let i = 0; i < points; i++) {
    const t = i / 100;
    timeSec[i] = t;
    let value = (0.5 * t) / span;
    for (const centre of centres) value += 100 * Math.exp(-((t - centre) ** 2) / (2 * 20 ** 2));
    values[i] = value;
  }
  values.fill(-9999, points / 2, points / 2 + 10);
  writeFileSync(path, writeAia({ timeSec, values, signalUnit: 'mAU', metadata: {} }));
}

// A full collection before measuring, so the writer's arrays do not count against the import.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** JS memory: the heap plus the ArrayBuffers behind typed arrays (the file bytes, the signal arrays). */
function used(): number {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

/** Runs `body` while sampling {@link used} every 20 ms; returns the highest value seen. */
async function peakHeapDuring(body: () => Promise<void>): Promise<number> {
  collectGarbage();
  let peak = used();
  const sample = () => {
    peak = Math.max(peak, used());
  };
  const sampler = setInterval(sample, 20);
  try {
    await body();
  } finally {
    clearInterval(sampler);
    sample();
  }
  return peak;
}

const boundFor = (points: number) => 3 * 8 * points + 200 * 2 ** 20;
const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

describe('long AIA files in bounded memory', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'eluent-large-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads 20,000,000 points as the CLI import does, heap and buffers below 3 × 8 bytes × points + 200 MB', async () => {
    const path = join(folder, 'large.cdf');
    writeLargeFile(path, LARGE_POINTS);
    let points = 0;
    let dropouts = 0;
    let last = 0;
    const peak = await peakHeapDuring(async () => {
      const chromatogram = readUploadedChromatogram(await readFileBytes(path));
      points = chromatogram.values.length;
      dropouts = chromatogram.dropouts?.count ?? 0;
      last = chromatogram.timeSec[points - 1] ?? 0;
    });
    rmSync(path);
    expect(points).toBe(LARGE_POINTS);
    expect(dropouts).toBe(10);
    expect(last).toBeCloseTo((LARGE_POINTS - 1) / 100, 6);
    console.info(
      `20M read: peak heap + buffers ${megabytes(peak)}, bound ${megabytes(boundFor(LARGE_POINTS))}`,
    );
    expect(peak).toBeLessThan(boundFor(LARGE_POINTS));
  });

  describe('through `npm run eluent -- import`', () => {
    let user: CommandServer['user'];
    let release: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ user, release } = await prepareCommandServer());
    });
    afterAll(() => release?.());

    it(
      'stores and processes a long file, bridging its dropout, heap within the same bound',
      { timeout: scaled(1_800_000) },
      async () => {
        const path = join(folder, 'long.cdf');
        writeLargeFile(path, IMPORT_POINTS);
        const output: string[] = [];
        const log = console.log;
        let code = -1;
        console.log = (...parts: unknown[]) => output.push(parts.join(' '));
        const peak = await peakHeapDuring(async () => {
          try {
            code = await importCommand.run([path, '--user', user.email]);
          } finally {
            console.log = log;
          }
        });
        collectGarbage();
        // What stays after the import: mostly the embedded database's memory, which never shrinks.
        console.info(`after the import of ${IMPORT_POINTS}: heap + buffers ${megabytes(used())}`);
        expect(code).toBe(0);
        expect(output[0]).toMatch(new RegExp(`^measurement \\d+: ${IMPORT_POINTS} points, result \\d+$`));
        expect(output).toContain(
          'note: 10 missing samples (-9999 or NaN) in 1 run bridged by linear interpolation',
        );
        console.info(
          `import of ${IMPORT_POINTS}: peak heap + buffers ${megabytes(peak)}, bound ${megabytes(boundFor(IMPORT_POINTS))}`,
        );
        expect(peak).toBeLessThan(boundFor(IMPORT_POINTS));
      },
    );
  });
});
