// `npm run eluent -- <command>`: migrate, create-user (process, import and export arrive with their modules).
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import type { CliCommand } from './command.ts';
import { commands as extraCommands } from './commands.ts';

const builtIn: Record<string, CliCommand> = {
  migrate: {
    usage: 'migrate                              bring the database schema up to date',
    async run() {
      const config = loadConfig();
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const applied = await migrateToLatest(database.db);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
      await database.close();
      return 0;
    },
  },
  'create-user': {
    usage: 'create-user <email> <password>      create an account',
    async run([email, password]) {
      if (!email || !password) {
        console.error('usage: create-user <email> <password>');
        return 2;
      }
      const { buildServer } = await import('../app.ts');
      const { app, context } = await buildServer({ ...loadConfig(), logLevel: 'silent' });
      try {
        const user = await context.accounts.createAccount({ email, password });
        console.log(`created user ${user.id} <${user.email}>`);
        return 0;
      } catch (error) {
        console.error(error instanceof Error ? error.message : String(error));
        return 1;
      } finally {
        await app.close();
      }
    },
  },
};

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const all: Record<string, CliCommand> = { ...builtIn, ...extraCommands };
  const command = name ? all[name] : undefined;
  if (!command) {
    console.error(
      `usage: npm run eluent -- <command>\n\n${Object.values(all)
        .map((c) => `  ${c.usage}`)
        .join('\n')}`,
    );
    return name ? 2 : 0;
  }
  return command.run(args);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
