// `import <file> --user <email> [--template <uuid>]`: store a chromatogram file as a measurement of a user,
// processed like one uploaded in the browser; prints the stored peaks and the detection settings applied.
import { open } from 'node:fs/promises';
import { storedPeakFigures, type DetectionSettings } from '@eluent/contracts';
import type { Kysely } from 'kysely';
import { basename } from 'node:path';
import type { Chromatogram } from '@eluent/signal';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { createResultsRepository } from '../repositories/results.ts';
import { createUsersRepository } from '../repositories/users.ts';
import { readUploadedChromatogram } from '../services/results/files.ts';
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

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The stored result as the `process` command prints it: peaks with codes, then the detection settings. */
async function storedResultLines(db: Kysely<Database>, resultId: number): Promise<string[]> {
  const results = createResultsRepository(db);
  const result = await results.result(resultId);
  const figures = (result?.figures ?? {}) as { unit?: string; detection?: DetectionSettings | null };
  const unit = figures.unit ?? '';
  const peaks = (await results.peaks([resultId])).map(storedPeakFigures);
  return [
    ...peakTableLines(peaks, unit),
    ...(peaks.length > 0 ? [CODE_LEGEND] : []),
    ...detectionLines(figures.detection ?? null, unit),
  ];
}

export const importCommand: CliCommand = {
  usage: 'import <file> --user <email> [--template <uuid>]   store an AIA .cdf or CSV file as a measurement',
  async run(args) {
    const file = args.find(
      (argument, index) => !argument.startsWith('--') && !args[index - 1]?.startsWith('--'),
    );
    const email = option(args, '--user');
    if (!file || !email) {
      console.error('usage: import <file> --user <email> [--template <uuid>]');
      return 2;
    }
    let chromatogram: Chromatogram;
    try {
      chromatogram = await readChromatogramFile(file);
    } catch (error) {
      if (error instanceof AppError) {
        const reason = error.body.reason;
        console.error(`${file}: ${typeof reason === 'string' ? reason : error.message}`);
      } else console.error(`cannot read ${file}`);
      return 1;
    }
    const { app, context } = await buildServer({ ...loadConfig(), logLevel: 'silent' });
    try {
      const user = await createUsersRepository(context.database.db).findByEmail(email);
      if (!user) {
        console.error(`no account ${email}`);
        return 1;
      }
      // Into the account's current workspace, as an upload in the web app would go.
      const imported = await context.services.files.importChromatogram(
        await context.services.workspaces.actorOf(user.id),
        basename(file),
        chromatogram,
        option(args, '--template') ?? null,
      );
      console.log(
        `measurement ${imported.measurement_id}: ${imported.points_count} points, result ${imported.result_id}`,
      );
      for (const line of await storedResultLines(context.database.db, imported.result_id)) console.log(line);
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
