// `npm test`: everything that checks the product — typecheck, lint, format, unit, medium (PGlite and the
// local PostgreSQL), and browser tests in Debian's chromium. Prints one closing summary line.
import { ensureInstalled, run } from './ensure-install.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { readFileSync, rmSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';

ensureInstalled();
const steps = [];
let failed = 0;
let passed = 0;
let skipped = 0;

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const status = run(command, args, { env: { ...process.env, ...env } });
  steps.push({ name, ok: status === 0 });
  if (status !== 0) console.error(`--- ${name} failed (exit ${status})`);
  return status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

step('typecheck', 'node', ['scripts/typecheck.mjs']);
step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
step('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
rmSync('test-results', { recursive: true, force: true });
step('unit and medium tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
countVitest('test-results/vitest.json');
if (step('web build', 'npm', ['run', 'build', '--silent'])) {
  if (ensureChromium()) {
    step('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: resolve('test-results/playwright.json'),
    });
    countPlaywright('test-results/playwright.json');
  } else {
    steps.push({ name: 'browser tests', ok: false });
    console.error('chromium is not available: browser tests cannot run');
  }
}

console.log('\n=== summary ===');
for (const { name, ok } of steps) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
const allOk = steps.every((s) => s.ok);
if (!allOk && failed === 0) failed = steps.filter((s) => !s.ok).length;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk ? 0 : 1);
