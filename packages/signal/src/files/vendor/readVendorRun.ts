import type { Chromatogram } from '../chromatogram.ts';
import { ChromatogramFileError } from '../fileError.ts';
import { utf8Decode } from '../textCodec.ts';
import { readAgilentCh } from './readAgilentCh.ts';
import { readAgilentUv, type SpectrumCube } from './readAgilentUv.ts';
import { parseVendorDate } from './vendorDate.ts';
import {
  readWatersChromsInf,
  readWatersHeader,
  readWatersTrace,
  type WatersTraceDescription,
} from './waters.ts';

/** One file of a run folder: its name inside the folder (any sub-path is ignored) and its bytes. */
export interface RunFile {
  name: string;
  bytes: Uint8Array;
}

export interface RunChannel {
  /** The signal description ("DAD A, Sig=254,10 Ref=off", "System Pressure"), or the file name without one. */
  name: string;
  fileName: string;
  chromatogram: Chromatogram;
}

/** A whole Agilent `.D` or Waters `.raw` run: its channels, its spectra, and the run's own facts. */
export interface VendorRun {
  vendor: 'Agilent' | 'Waters';
  channels: RunChannel[];
  spectra: { fileName: string; cube: SpectrumCube }[];
  /** sample_name, method_name, operator, instrument, acquisition_date (as written), acquired_at (ISO)… */
  metadata: Record<string, string>;
}

const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name;

/** Re-throws a reader's error with the file's name in front, so one line says which file is wrong. */
function named<T>(fileName: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ChromatogramFileError) {
      throw new ChromatogramFileError(error.kind, `${fileName}: ${error.message}`);
    }
    throw error;
  }
}

/** True when the files look like a run folder this module reads (`.ch`/`.uv` or `_CHROnnn.DAT`). */
export function isVendorRun(names: string[]): boolean {
  return names.some((name) => /\.(ch|uv)$/i.test(name) || /^_CHRO\d{3}\.DAT$/i.test(baseName(name)));
}

function runFacts(metadata: Record<string, string>): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const key of ['sample_name', 'sample_id', 'method_name', 'operator', 'instrument', 'vial_position']) {
    if (metadata[key]) facts[key] = metadata[key];
  }
  if (metadata.acquisition_date) {
    facts.acquisition_date = metadata.acquisition_date;
    const iso = parseVendorDate(metadata.acquisition_date);
    if (iso) facts.acquired_at = iso;
  }
  return facts;
}

function readAgilentRun(files: RunFile[]): VendorRun {
  const channels: RunChannel[] = [];
  const spectra: VendorRun['spectra'] = [];
  for (const file of files) {
    const fileName = baseName(file.name);
    if (/\.ch$/i.test(fileName)) {
      const chromatogram = named(fileName, () => readAgilentCh(file.bytes));
      channels.push({ name: chromatogram.metadata.signal_description ?? fileName, fileName, chromatogram });
    } else if (/\.uv$/i.test(fileName)) {
      spectra.push({ fileName, cube: named(fileName, () => readAgilentUv(file.bytes)) });
    }
  }
  channels.sort((a, b) => a.fileName.localeCompare(b.fileName));
  const first = channels[0]?.chromatogram.metadata ?? spectra[0]?.cube.metadata ?? {};
  return { vendor: 'Agilent', channels, spectra, metadata: runFacts(first) };
}

function readWatersRun(files: RunFile[]): VendorRun {
  const byName = new Map(files.map((file) => [baseName(file.name).toUpperCase(), file]));
  const inf = byName.get('_CHROMS.INF');
  const descriptions: WatersTraceDescription[] = inf
    ? named('_CHROMS.INF', () => readWatersChromsInf(inf.bytes))
    : [];
  const header = byName.get('_HEADER.TXT');
  const metadata = header ? readWatersHeader(utf8Decode(header.bytes)) : {};
  const channels: RunChannel[] = [];
  for (const [upper, file] of [...byName.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const match = /^_CHRO(\d{3})\.DAT$/.exec(upper);
    if (!match) continue;
    const fileName = baseName(file.name);
    const description = descriptions[Number(match[1]) - 1];
    const chromatogram = named(fileName, () => readWatersTrace(file.bytes, description));
    Object.assign(chromatogram.metadata, metadata);
    channels.push({ name: description?.name || fileName, fileName, chromatogram });
  }
  return { vendor: 'Waters', channels, spectra: [], metadata: runFacts(metadata) };
}

/**
 * Reads the files of an Agilent `.D` folder (every `.ch` signal and `.uv` spectra file) or of a Waters
 * `.raw` folder (`_CHROnnn.DAT` traces named by `_CHROMS.INF`, run facts from `_HEADER.TXT`); other files
 * are ignored. Channel names repeated in one run get the file name added, so each is unique.
 * @throws ChromatogramFileError whose message starts with the name of the file that is wrong.
 */
export function readVendorRun(files: RunFile[]): VendorRun {
  const names = files.map((file) => baseName(file.name));
  const waters = names.some((name) => /^_CHRO\d{3}\.DAT$/i.test(name));
  const run = waters ? readWatersRun(files) : readAgilentRun(files);
  if (run.channels.length === 0) {
    throw new ChromatogramFileError(
      'no_data',
      waters ? 'The .raw folder has no _CHROnnn.DAT trace' : 'The .D folder has no .ch signal file',
    );
  }
  const seen = new Map<string, number>();
  for (const channel of run.channels) seen.set(channel.name, (seen.get(channel.name) ?? 0) + 1);
  for (const channel of run.channels) {
    if ((seen.get(channel.name) ?? 0) > 1) channel.name = `${channel.name} (${channel.fileName})`;
  }
  return run;
}
