// The import command stores a real chromatogram file as a processed measurement of the named account.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareCommandServer, type CommandServer } from '../../test/command-server.ts';
import { request, startTestServer, type TestServer } from '../../test/harness.ts';
import { importCommand } from './import-command.ts';

const AIA_FILE = fileURLToPath(new URL('../../../../../shared/data/aia/agilent_hplc.cdf', import.meta.url));

const BROWN_DIR = fileURLToPath(
  new URL('../../../../../shared/data/vendor/agilent/brown.D', import.meta.url),
);

const hasData = existsSync(AIA_FILE);
if (!hasData && process.env.CI) throw new Error(`CI needs the reference data: ${AIA_FILE} is missing`);

describe.skipIf(!hasData && !process.env.CI)('npm run eluent -- import', () => {
  let server: TestServer;
  let user: CommandServer['user'];
  let release: (() => Promise<void>) | undefined;

  // The command reads its configuration from the environment: it is pointed at the PGlite folder only.
  beforeAll(async () => {
    ({ server, user, release } = await prepareCommandServer());
  });
  afterAll(() => release?.());

  it('imports an AIA file for an account, and refuses bad input', async () => {
    const printed: string[] = [];
    const spy = vi
      .spyOn(console, 'log')
      .mockImplementation((text: unknown) => void printed.push(String(text)));
    try {
      expect(await importCommand.run([AIA_FILE, '--user', user.email])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    // The stored result as `process` prints it: every peak with its separation code, then what detection applied.
    const lines = printed.join('\n').split('\n');
    expect(lines[0]).toMatch(/^measurement \d+: 4651 points, result \d+$/);
    expect(lines[1]).toMatch(/#\s+code\s+RT \(s\)/);
    const rows = lines.filter((line) => /^\s*\d+\s/.test(line));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\s*\d+\s+[BVTSN]{2}( N)?\s/);
    expect(lines).toContain('detection settings:');
    expect(lines.some((line) => /^ {2}min prominence: \S+ \S+ \(automatic\)$/.test(line))).toBe(true);
    expect(lines.some((line) => /^ {2}noise: SD \S+ \S+, p-p \S+ \S+$/.test(line))).toBe(true);
    expect(await importCommand.run([AIA_FILE])).toBe(2);
    expect(await importCommand.run([AIA_FILE, '--user', 'nobody@example.com'])).toBe(1);
    const folder = mkdtempSync(join(tmpdir(), 'eluent-import-'));
    const garbage = join(folder, 'garbage.cdf');
    writeFileSync(garbage, 'not a chromatogram');
    expect(await importCommand.run([garbage, '--user', user.email])).toBe(1);
    rmSync(folder, { recursive: true, force: true });

    // The two largest vendor files: a 93,003-point GC trace with a negative delay, and a 25,204-point LC run.
    const log = console.log;
    const output: string[] = [];
    console.log = (...parts: unknown[]) => output.push(parts.join(' '));
    try {
      for (const name of ['tgnthpgc.cdf', 'SPA.CDF']) {
        expect(
          await importCommand.run([AIA_FILE.replace('agilent_hplc.cdf', name), '--user', user.email]),
        ).toBe(0);
      }
    } finally {
      console.log = log;
    }
    expect(output.filter((line) => line.startsWith('measurement '))).toEqual([
      expect.stringMatching(/^measurement \d+: 93003 points, result \d+$/),
      expect.stringMatching(/^measurement \d+: 25204 points, result \d+$/),
    ]);

    const restarted = await startTestServer({
      backend: { name: 'pglite' },
      reuse: { dataDir: server.dataDir, databaseUrl: undefined },
    });
    try {
      const login = await request(restarted.baseUrl, 'POST', '/api/token/', {
        body: { username: user.email, password: user.password },
      });
      const answer = await request(restarted.baseUrl, 'POST', '/hasura/v1/graphql', {
        token: login.body.access,
        body: { query: '{ measurements { id name source points_count } }' },
      });
      expect(answer.body.data.measurements).toEqual(
        expect.arrayContaining([
          // Each named by the file's own sample name, beside the file name.
          expect.objectContaining({
            name: 'MW-2-6-6 IC 90 (agilent_hplc.cdf)',
            source: 'import',
            points_count: 4651,
          }),
          expect.objectContaining({
            name: 'Resolution std (tgnthpgc.cdf)',
            source: 'import',
            points_count: 93003,
          }),
          expect.objectContaining({ name: 'Sample 1 (SPA.CDF)', source: 'import', points_count: 25204 }),
        ]),
      );
      expect(answer.body.data.measurements).toHaveLength(3);
      // The vendor's peak table came in with the file (agilent_hplc.cdf: 8 peaks; tgnthpgc.cdf has none).
      const byName = (file: string) =>
        answer.body.data.measurements.find((row: { name: string }) => row.name.endsWith(`(${file})`))
          .id as number;
      const comparison = (name: string) =>
        request(restarted.baseUrl, 'GET', `/api/measurements/${byName(name)}/vendor-comparison/`, {
          token: login.body.access,
        });
      expect((await comparison('agilent_hplc.cdf')).body.summary.vendor_peaks).toBe(8);
      expect((await comparison('tgnthpgc.cdf')).status).toBe(404);
    } finally {
      await restarted.stop();
    }
  });

  it.skipIf(!existsSync(BROWN_DIR))(
    'imports a run folder by its path, and names a damaged file',
    async () => {
      const printed: string[] = [];
      const errors: string[] = [];
      const log = vi
        .spyOn(console, 'log')
        .mockImplementation((text: unknown) => void printed.push(String(text)));
      const error = vi
        .spyOn(console, 'error')
        .mockImplementation((text: unknown) => void errors.push(String(text)));
      try {
        expect(await importCommand.run([BROWN_DIR, '--user', user.email])).toBe(0);
        const folder = mkdtempSync(join(tmpdir(), 'eluent-run-'));
        const run = join(folder, 'cut.D');
        mkdirSync(run);
        writeFileSync(join(run, 'dad1A.ch'), readFileSync(join(BROWN_DIR, 'dad1A.ch')).subarray(0, 1500));
        expect(await importCommand.run([run, '--user', user.email])).toBe(1);
        rmSync(folder, { recursive: true, force: true });
      } finally {
        log.mockRestore();
        error.mockRestore();
      }
      expect(printed.filter((line) => line.startsWith('measurement '))).toEqual(
        ['A, Sig=254', 'B, Sig=210', 'C, Sig=230', 'D, Sig=280', 'E, Sig=230'].map((signal) =>
          expect.stringMatching(
            new RegExp(`^measurement \\d+ \\(DAD ${signal},10 Ref=off\\): 1351 points, result \\d+$`),
          ),
        ),
      );
      expect(errors).toEqual([
        expect.stringMatching(/: dad1A\.ch: Agilent \.ch version 30: the file is truncated/),
      ]);
    },
  );
});
