// `import <file> --user <email> [--template <uuid>]`: store a chromatogram file as a measurement of a user,
// processed like one uploaded in the browser; prints the stored peaks and the detection settings applied.
import { open, readdir, stat } from 'node:fs/promises';
import {
  storedPeakFigures,
  type DetectionSettings,
  type MeasurementImport,
  type StoredPeakColumns,
} from '@eluent/contracts';
import { basename, join } from 'node:path';
import type { Chromatogram } from '@eluent/signal';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { readUploadedChromatogram, readUploadedRun } from '../services/results/files.ts';
import { runOfUploads, type Upload } from '../services/results/run-archive.ts';
import type { VendorRun } from '@eluent/signal';
import type { CliCommand } from './command.ts';
import { CODE_LEGEND, detectionLines, peakTableLines } from './result-report.ts';

const READ_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The file's bytes, read in chunks into one array of the file's size (no growing buffers, no 2 GB limit of
 * readFile); the reader then fills its typed arrays straight from them.
 */
export async function readFileBytes(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = new Uint8Array(size);
    let offset = 0;
    while (offset < size) {
      const length = Math.min(READ_CHUNK_BYTES, size - offset);
      const { bytesRead } = await handle.read(bytes, offset, length, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return offset === size ? bytes : bytes.subarray(0, offset);
  } finally {
    await handle.close();
  }
}

/** Reads the file; the bytes are dropped as soon as the chromatogram's own arrays hold the data. */
async function readChromatogramFile(path: string): Promise<Chromatogram> {
  return readUploadedChromatogram(await readFileBytes(path));
}

/**
 * A run folder (an Agilent .D or Waters .raw) given as its path, or a zip of one: its files (the folder's
 * own, not its sub-folders); null for a single chromatogram file.
 */
async function readRunPath(path: string): Promise<{ name: string; run: VendorRun } | null> {
  let uploads: Upload[];
  if ((await stat(path)).isDirectory()) {
    uploads = [];
    for (const entry of await readdir(path, { withFileTypes: true })) {
      if (entry.isFile()) {
        uploads.push({
          name: `${basename(path)}/${entry.name}`,
          bytes: await readFileBytes(join(path, entry.name)),
        });
      }
    }
  } else if (/\.zip$/i.test(path)) {
    uploads = [{ name: basename(path), bytes: await readFileBytes(path) }];
  } else {
    return null;
  }
  const found = runOfUploads(uploads);
  if (!found)
    throw AppError.domain(400, 'measurement_file_archive_invalid', { reason: `${path}: no run files` });
  return { name: found.name, run: readUploadedRun(found.files) };
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The stored result as the `process` command prints it: peaks with codes, then the detection settings. */
function storedResultLines(stored: { figures: unknown; peaks: StoredPeakColumns[] }): string[] {
  const figures = (stored.figures ?? {}) as { unit?: string; detection?: DetectionSettings | null };
  const unit = figures.unit ?? '';
  const peaks = stored.peaks.map(storedPeakFigures);
  return [
    ...peakTableLines(peaks, unit),
    ...(peaks.length > 0 ? [CODE_LEGEND] : []),
    ...detectionLines(figures.detection ?? null, unit),
  ];
}

export const importCommand: CliCommand = {
  usage:
    'import <file|run folder> --user <email> [--template <uuid>]   store an AIA .cdf or CSV file, or an Agilent .D or Waters .raw run (folder or zip), as a measurement',
  async run(args) {
    const file = args.find(
      (argument, index) => !argument.startsWith('--') && !args[index - 1]?.startsWith('--'),
    );
    const email = option(args, '--user');
    if (!file || !email) {
      console.error('usage: import <file> --user <email> [--template <uuid>]');
      return 2;
    }
    let chromatogram: Chromatogram | null = null;
    let run: { name: string; run: VendorRun } | null = null;
    try {
      run = await readRunPath(file);
      if (!run) chromatogram = await readChromatogramFile(file);
    } catch (error) {
      if (error instanceof AppError) {
        const reason = error.body.reason;
        console.error(`${file}: ${typeof reason === 'string' ? reason : error.message}`);
      } else console.error(`cannot read ${file}`);
      return 1;
    }
    const { app, context } = await buildServer({ ...loadConfig(), logLevel: 'silent' });
    try {
      const userId = await context.services.accounts.userIdOf(email);
      if (userId === null) {
        console.error(`no account ${email}`);
        return 1;
      }
      // Into the account's current workspace, as an upload in the web app would go.
      const actor = await context.services.workspaces.actorOf(userId);
      const template = option(args, '--template') ?? null;
      const imported: MeasurementImport = run
        ? await context.services.files.importRun(actor, run.name, run.run, template)
        : await context.services.files.importChromatogram(actor, basename(file), chromatogram!, template);
      const channels = imported.channels ?? [];
      for (const channel of channels) {
        console.log(
          `measurement ${channel.measurement_id} (${channel.name}): ${channel.points_count} points, result ${channel.result_id}`,
        );
      }
      if (channels.length === 0) {
        console.log(
          `measurement ${imported.measurement_id}: ${imported.points_count} points, result ${imported.result_id}`,
        );
        const stored = await context.services.results.storedResult(imported.result_id);
        for (const line of storedResultLines(stored)) console.log(line);
      }
      for (const note of imported.notes) console.log(`note: ${note}`);
      return 0;
    } catch (error) {
      console.error(error instanceof AppError ? error.message : String(error));
      return 1;
    } finally {
      await app.close();
    }
  },
};
