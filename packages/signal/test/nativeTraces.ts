// The native vendor traces of ../shared/data/vendor as chromatograms (test and bench access: the package itself
// never does I/O): every Agilent .ch channel and every Waters _CHROnnn.DAT trace. They carry no vendor peak
// table, so no rule was written against them: the metamorphic suite's second set of real runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAgilentCh } from '../src/files/vendor/readAgilentCh.ts';
import { readWatersTrace } from '../src/files/vendor/waters.ts';

export interface NativeTrace {
  /** `<run folder>/<file>`, e.g. `pink.D/DAD1A.ch`. */
  name: string;
  timeSec: Float64Array;
  values: Float64Array;
}

/** Files of `dir`'s run folders whose names match `pattern`, as `<run folder>/<file>`, sorted. */
function runFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((run) =>
      readdirSync(join(dir, run))
        .filter((file) => pattern.test(file))
        .sort()
        .map((file) => `${run}/${file}`),
    );
}

/** Every native trace under `vendorDir` (`<data>/vendor`), Agilent first. */
export function nativeTraces(vendorDir: string): NativeTrace[] {
  const read = (
    path: string,
    reader: (bytes: Uint8Array) => { timeSec: Float64Array; values: Float64Array },
  ) => reader(new Uint8Array(readFileSync(path)));
  const agilent = runFiles(join(vendorDir, 'agilent'), /\.ch$/i).map((name) => ({
    name,
    ...read(join(vendorDir, 'agilent', name), readAgilentCh),
  }));
  const waters = runFiles(join(vendorDir, 'waters'), /^_CHRO\d{3}\.DAT$/i).map((name) => ({
    name,
    ...read(join(vendorDir, 'waters', name), (bytes) => readWatersTrace(bytes)),
  }));
  return [...agilent, ...waters].map(({ name, timeSec, values }) => ({ name, timeSec, values }));
}
