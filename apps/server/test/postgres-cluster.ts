// A throw-away PostgreSQL cluster for tests that stop and start the database server itself: initdb into a
// temporary folder, started on a free port with its unix socket in that folder. Tests run as root here and
// PostgreSQL refuses root, so the server programs run as the `postgres` user when the test is root.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.ts';

/** The newest installed PostgreSQL server binaries (Debian layout), or undefined. */
export function postgresBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(base, versions[0], 'bin');
}

export interface PostgresCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** A new cluster, initialised but not started (`start()` starts it). */
export async function createPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'eluent-pg-'));
  const owner = postgresUser();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]) =>
    execFileSync(
      owner ? 'runuser' : join(bin, program),
      owner ? ['-u', 'postgres', '--', join(bin, program), ...args] : args,
      { stdio: 'pipe', cwd: dir },
    );
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  let stopped = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      stopped = true;
    },
    start() {
      start();
      stopped = false;
    },
    destroy() {
      try {
        if (!stopped) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new cluster, started. */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const cluster = await createPostgresCluster(bin);
  cluster.start();
  return cluster;
}
