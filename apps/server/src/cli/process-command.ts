// `process <file> [--template <json>] [--json]` and `export <file> <out.cdf|out.csv>`: thin wrappers over
// @eluent/signal; errors are printed as one line naming the problem.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  processChromatogram,
  readChromatogram,
  writeAia,
  writeCsv,
  type ProcessingTemplate,
} from '@eluent/signal';
import type { CliCommand } from './command.ts';

function readBytes(path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      cause: error,
    });
  }
}

function readTemplate(path: string): ProcessingTemplate {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `template ${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`template ${path} must be a JSON object of template fields`);
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (key.startsWith('algorithm_') && value !== null && typeof value !== 'string') {
      throw new Error(`template field ${key} must be a string or null`);
    }
    if (/^(peak_|detection_time_|value_at_)/.test(key) && value !== null && typeof value !== 'number') {
      throw new Error(`template field ${key} must be a number or null`);
    }
  }
  return parsed;
}

const round = (value: number | null, digits: number) =>
  value === null ? null : Number(value.toFixed(digits));

function runProcess(args: string[]): number {
  const json = args.includes('--json');
  const templateAt = args.indexOf('--template');
  const templatePath = templateAt >= 0 ? args[templateAt + 1] : undefined;
  if (templateAt >= 0 && !templatePath) throw new Error('--template needs a JSON file');
  const file = args.find(
    (arg, index) => !arg.startsWith('--') && (templateAt < 0 || index !== templateAt + 1),
  );
  if (!file) {
    console.error('usage: process <file> [--template <json>] [--json]');
    return 2;
  }
  const template = templatePath ? readTemplate(templatePath) : {};
  const chromatogram = readChromatogram(readBytes(file));
  const result = processChromatogram(
    { timeSec: chromatogram.timeSec, values: chromatogram.values, unit: chromatogram.signalUnit },
    template,
  );
  const failed = result.steps.filter((step) => step.error);
  for (const step of failed) console.error(`step ${step.step} (${step.algorithm}): ${step.error}`);
  const peaks = result.peaks.map((peak) => ({
    retention_time_sec: peak.retentionTimeSec,
    start_sec: peak.startSec,
    end_sec: peak.endSec,
    area: peak.area,
    height: peak.height,
    width_half_sec: peak.widthHalfSec,
    tailing: peak.tailing,
    plates: peak.platesHalfHeight,
    resolution: peak.resolution,
    signal_to_noise: peak.signalToNoise,
  }));
  if (json) {
    console.log(
      JSON.stringify(
        {
          peaks,
          noise: result.noise?.peakToPeak ?? null,
          unit: result.unit,
          dropouts: chromatogram.dropouts?.count ?? 0,
          notes: chromatogram.notes ?? [],
        },
        null,
        2,
      ),
    );
  } else {
    const header = [
      '#',
      'RT (s)',
      'start',
      'end',
      `area (${result.unit || 'a.u.'}·s)`,
      'height',
      'W50 (s)',
      'T',
      'N',
      'Rs',
      'S/N',
    ];
    const rows = peaks.map((p, index) => [
      String(index + 1),
      ...[p.retention_time_sec, p.start_sec, p.end_sec].map((v) => String(round(v, 2))),
      String(round(p.area, 3)),
      String(round(p.height, 3)),
      String(round(p.width_half_sec, 3) ?? '–'),
      String(round(p.tailing, 2) ?? '–'),
      String(round(p.plates, 0) ?? '–'),
      String(round(p.resolution, 2) ?? '–'),
      String(round(p.signal_to_noise, 1) ?? '–'),
    ]);
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
    );
    const line = (cells: string[]) =>
      cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(`noise (p-p): ${result.noise ? round(result.noise.peakToPeak, 6) : '–'} ${result.unit}`);
    for (const note of chromatogram.notes ?? []) console.log(`note: ${note}`);
  }
  return failed.length > 0 ? 1 : 0;
}

function guard(body: (args: string[]) => number): (args: string[]) => Promise<number> {
  return async (args) => {
    try {
      return body(args);
    } catch (error) {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  };
}

export const processCommand: CliCommand = {
  usage:
    'process <file> [--template <json>] [--json]   process a chromatogram (.cdf or .csv) with a template',
  run: guard(runProcess),
};

export const exportCommand: CliCommand = {
  usage: 'export <file> <out.cdf|out.csv>               convert a chromatogram to AIA netCDF or CSV',
  run: guard(([input, output]) => {
    if (!input || !output) {
      console.error('usage: export <file> <out.cdf|out.csv>');
      return 2;
    }
    const chromatogram = readChromatogram(readBytes(input));
    if (/\.cdf$/i.test(output)) writeFileSync(output, writeAia(chromatogram));
    else if (/\.csv$/i.test(output)) writeFileSync(output, writeCsv(chromatogram));
    else throw new Error(`cannot tell the format of ${output}: use .cdf or .csv`);
    console.log(`wrote ${output}`);
    return 0;
  }),
};
