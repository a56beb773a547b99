// `import <file> --user <email> [--template <uuid>]`: store a chromatogram file as a measurement of a user,
// processed like one uploaded in the browser.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { createUsersRepository } from '../repositories/users.ts';
import { sequencesArea } from '../sequences/area.ts';
import type { CliCommand } from './command.ts';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
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
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(file));
    } catch {
      console.error(`cannot read ${file}`);
      return 1;
    }
    const { app, context } = await buildServer({ ...loadConfig(), logLevel: 'silent' });
    try {
      const user = await createUsersRepository(context.database.db).findByEmail(email);
      if (!user) {
        console.error(`no account ${email}`);
        return 1;
      }
      const imported = await sequencesArea(context).files.import(
        user.id,
        basename(file),
        bytes,
        option(args, '--template') ?? null,
      );
      console.log(
        `measurement ${imported.measurement_id}: ${imported.points_count} points, result ${imported.result_id}`,
      );
      return 0;
    } catch (error) {
      console.error(error instanceof AppError ? error.message : String(error));
      return 1;
    } finally {
      await app.close();
    }
  },
};
