// `process <file> [--template <json>] [--json]` (peaks with separation codes, then the detection settings
// applied, automatic or the template's) and `export <file> <out.cdf|out.csv|out.asm.json>`: thin wrappers over
// @eluent/signal; errors are printed as one line naming the problem.
import { readFileSync, writeFileSync } from 'node:fs';
import { checkProcessingTemplate, formatFigure } from '@eluent/contracts';
import {
  processChromatogram,
  readAgilentCh,
  readChromatogram,
  writeAia,
  writeAsm,
  writeCsv,
  parseVendorDate,
  type Chromatogram,
  type ProcessingTemplate,
} from '@eluent/signal';
import { APP_VERSION } from '../version.ts';
import type { CliCommand } from './command.ts';
import { CODE_LEGEND, codeOf, detectionLines, peakTableLines, type ReportPeak } from './result-report.ts';

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
  // The one template schema of packages/contracts, as the server checks stored templates.
  const checked = checkProcessingTemplate(parsed);
  if (!checked.ok) {
    const [field, messages] = Object.entries(checked.problems)[0]!;
    throw new Error(`template field ${field}: ${messages.join(' ')}`);
  }
  return checked.template;
}

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
  const detection = result.detection;
  const peaks: ReportPeak[] = result.peaks.map((peak) => ({
    ...peak,
    plates: peak.platesHalfHeight,
  }));
  if (json) {
    const rows = peaks.map((peak) => ({
      code: codeOf(peak),
      negative: peak.negative,
      retention_time_sec: peak.retentionTimeSec,
      start_sec: peak.startSec,
      end_sec: peak.endSec,
      area: peak.area,
      height: peak.height,
      width_half_sec: peak.widthHalfSec,
      tailing: peak.tailing,
      plates: peak.plates,
      resolution: peak.resolution,
      signal_to_noise: peak.signalToNoise,
    }));
    const noise = result.noise?.peakToPeak ?? null;
    const dropouts = chromatogram.dropouts?.count ?? 0;
    const notes = chromatogram.notes ?? [];
    console.log(
      JSON.stringify({ peaks: rows, noise, detection, unit: result.unit, dropouts, notes }, null, 2),
    );
  } else {
    for (const line of peakTableLines(peaks, result.unit)) console.log(line);
    if (peaks.length > 0) console.log(CODE_LEGEND);
    const noise = result.noise ? formatFigure(result.noise.peakToPeak) : '–';
    console.log(`noise (p-p, noise step): ${noise} ${result.unit}`);
    for (const line of detectionLines(detection, result.unit)) console.log(line);
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

/** A chromatogram file: an Agilent .ch signal by its extension, else AIA or CSV by its content. */
function readAnyChromatogram(path: string): Chromatogram {
  const bytes = readBytes(path);
  return /\.ch$/i.test(path) ? readAgilentCh(bytes) : readChromatogram(bytes);
}

/** The chromatogram processed with the default template, as an ASM liquid-chromatography document. */
function asmOf(path: string, chromatogram: Chromatogram): string {
  const result = processChromatogram(
    { timeSec: chromatogram.timeSec, values: chromatogram.values, unit: chromatogram.signalUnit },
    {},
  );
  const metadata = chromatogram.metadata;
  const name = path.split(/[\\/]/).pop() ?? path;
  const acquiredAt = parseVendorDate(metadata.acquisition_date ?? '');
  const document = writeAsm({
    timeSec: chromatogram.timeSec,
    values: chromatogram.values,
    signalUnit: chromatogram.signalUnit || 'mAU',
    peaks: result.peaks.map((peak, index) => ({
      number: index + 1,
      name: null,
      retentionTimeSec: peak.retentionTimeSec,
      startSec: peak.startSec,
      endSec: peak.endSec,
      area: peak.area,
      height: peak.height,
      areaPercent: peak.areaPercent,
      heightPercent: peak.heightPercent,
      widthHalfSec: peak.widthHalfSec,
      widthBaseSec: peak.widthBaseSec,
      plates: peak.platesHalfHeight,
      resolution: peak.resolution,
    })),
    measurementIdentifier: name,
    sampleName: metadata.sample_name || metadata.sample_id || name,
    // The file's acquisition date (its zone unknown, taken as UTC); the epoch when it has none.
    injectionTime: acquiredAt ? `${acquiredAt}Z` : new Date(0).toISOString(),
    analyst: metadata.operator || 'unknown',
    methodName: metadata.method_name,
    instrument: metadata.instrument || metadata.detector,
    channelName: metadata.signal_description,
    processing: { templateName: 'default', version: 1, algorithms: JSON.stringify(result.detection ?? {}) },
    software: { name: 'Eluent', version: APP_VERSION },
  });
  return `${JSON.stringify(document, null, 1)}\n`;
}

export const exportCommand: CliCommand = {
  usage:
    'export <file> <out.cdf|out.csv|out.asm.json>   convert a chromatogram (.cdf, .csv, Agilent .ch) to AIA, CSV or ASM (processed with the default template)',
  run: guard(([input, output]) => {
    if (!input || !output) {
      console.error('usage: export <file> <out.cdf|out.csv|out.asm.json>');
      return 2;
    }
    const chromatogram = readAnyChromatogram(input);
    if (/\.cdf$/i.test(output)) writeFileSync(output, writeAia(chromatogram));
    else if (/\.csv$/i.test(output)) writeFileSync(output, writeCsv(chromatogram));
    else if (/\.json$/i.test(output)) writeFileSync(output, asmOf(input, chromatogram));
    else throw new Error(`cannot tell the format of ${output}: use .cdf, .csv or .asm.json`);
    console.log(`wrote ${output}`);
    return 0;
  }),
};
