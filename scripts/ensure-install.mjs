// Installs the workspace's dependencies when they are missing or older than package-lock.json.
// Uses only Node built-ins, so it runs on a fresh clone before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';

export function ensureInstalled() {
  const marker = 'node_modules/.eluent-installed';
  const lockTime = existsSync('package-lock.json') ? statSync('package-lock.json').mtimeMs : 0;
  if (existsSync(marker) && statSync(marker).mtimeMs >= lockTime) return;
  console.log('Installing dependencies (npm ci)…');
  const command = existsSync('package-lock.json') ? 'ci' : 'install';
  const result = spawnSync('npm', [command, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(marker, new Date().toISOString());
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
