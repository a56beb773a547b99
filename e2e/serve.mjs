// Starts the built server for browser tests on a fresh data folder, with the demo account and fast simulators.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'eluent-e2e-'));
// Tests read e-mails from <data dir>/outbox; they find the folder through this file.
mkdirSync('test-results', { recursive: true });
writeFileSync(join('test-results', 'e2e-data-dir.txt'), dataDir);
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ELUENT_DEMO: '1',
    ELUENT_SIMULATORS: '2',
    ELUENT_SIM_SPEED: '50',
    ELUENT_LOG_LEVEL: 'warn',
    ELUENT_RATE_LIMIT: '1000',
    ...process.env,
    ELUENT_DATA_DIR: dataDir,
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
