// `npm test`: everything that checks the product — typecheck (in lint on a fresh clone), lint, format, unused
// code (knip), unit, medium (PGlite and the local PostgreSQL), and browser tests in Debian's chromium. Steps
// that share nothing run side by side (docs/testing.md): the unit and medium tests from the start, the static
// checks and the build beside them, the browser tests once the build is there. Each step's output is printed
// when it ends, with its time; one closing summary line.
import { ensureInstalled } from './ensure-install.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { raiseToNormal } from './priority.mjs';
import { testTimeScale } from './test-time.mjs';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';

const started = Date.now();
ensureInstalled();
// Measured once, before the run loads the machine, and inherited by every step (scripts/test-time.mjs).
console.log(`test time scale ${testTimeScale()} (ELUENT_TEST_TIME_SCALE)`);
const steps = [];
let failed = 0;
let passed = 0;
let skipped = 0;

/** `nice` from coreutils (Linux, macOS); without it background steps run at normal priority. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((path) => existsSync(path));

/** Background steps still running, raised to normal priority once the tests end (scripts/priority.mjs). */
const runningBackground = new Set();
let testsDone = false;

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Runs one step with its output collected, prints the output when it ends; resolves whether it passed.
 * A `background` step runs at the lowest CPU priority (`nice -n 19`, where there is one): it is not on the
 * run's critical path and takes only the CPU the tests leave idle (docs/testing.md); once the tests end, what is
 * still running is raised to normal priority and what starts after runs at it.
 */
function step(name, command, args, env = {}, { background = false } = {}) {
  const begun = Date.now();
  if (background && NICE && !testsDone) [command, args] = [NICE, ['-n', '19', command, ...args]];
  return new Promise((done) => {
    const child = spawn(command, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (background && child.pid !== undefined) runningBackground.add(child);
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      runningBackground.delete(child);
      const ok = code === 0;
      const took = Date.now() - begun;
      steps.push({ name, ok, took });
      console.log(`\n=== ${name} (${seconds(took)}) ===`);
      process.stdout.write(Buffer.concat(chunks));
      if (!ok) console.error(`--- ${name} failed (exit ${code})`);
      done(ok);
    });
  });
}

/** Names of the tests that failed (and of browser tests that passed only on a retry), for the summary. */
const failures = [];
const flaky = [];

/** The first lines of an error, without colour codes: the summary says why a test failed, not only which. */
// A vitest timeout's report keeps the stack of the timer it set (first line "Error: STACK_TRACE_ERROR"), not its
// message: it is named for what it is.
const why = (message, lines = 6) =>
  String(message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/^Error: STACK_TRACE_ERROR$/m, 'Error: timed out (the test or hook ran past its time limit)')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, lines)
    .map((line) => `      ${line.trimEnd()}`)
    .join('\n');

const relative = (file) =>
  file.startsWith(`${process.cwd()}/`) ? file.slice(process.cwd().length + 1) : file;

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`vitest  ${relative(suite.name)} › ${test.fullName}\n${why(test.failureMessages?.[0])}`);
    // A file that fails outside its tests (an import, a hook) has no failed test to name.
    if (suite.status === 'failed' && failedTests.length === 0) {
      failures.push(`vitest  ${relative(suite.name)} (${(suite.message ?? 'failed').split('\n')[0]})`);
      failed += 1;
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  // A test that passed only on a retry (E2E_RETRIES > 0) counts as failed: nothing passes by being retried.
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  skipped += stats.skipped ?? 0;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = `browser e2e/tests/${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') flaky.push(name);
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.errors?.[0];
        const at = error?.location
          ? `      at ${error.location.file.split('/e2e/').at(-1)}:${error.location.line}\n`
          : '';
        failures.push(`${name}\n${at}${why(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? []) {
    failures.push(`browser (outside a test) ${(error.message ?? '').split('\n')[0]}`);
  }
}

rmSync('test-results', { recursive: true, force: true });

const vitest = step('unit and medium tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]).then(() => countVitest('test-results/vitest.json'));

// Lint type-checks every file it lints (`eluent/type-errors`, from the programs its type-aware rules build
// anyway): on a fresh clone, with no lint cache, that is every file, so the separate typecheck would build the
// same programs a second time. With a cache, lint skips unchanged files whose imports' types may have
// changed, so the incremental typecheck runs first.
const LINT_CACHE = 'node_modules/.cache/eslint/';
const typecheckToo = existsSync(LINT_CACHE);
// Lint (after the typecheck, when there is one) and format run side by side: with the lowest priority they
// get only what the tests leave, so one after the other they could end after the tests.
const background = { background: true };
const checks = Promise.all([
  (async () => {
    if (typecheckToo) await step('typecheck', 'node', ['scripts/typecheck.mjs'], {}, background);
    await step(
      'lint',
      'npx',
      ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', LINT_CACHE],
      {},
      background,
    );
  })(),
  step('format', 'npx', ['prettier', '--check', '.', '--cache', '--log-level', 'warn'], {}, background),
  // Unused files, exports, types and dependencies (knip.jsonc): nothing may be left unused.
  step('unused code', 'npx', ['knip', '--no-progress'], {}, background),
]);

const browser = (async () => {
  if (!(await step('web build', 'npm', ['run', 'build', '--silent']))) return;
  if (!ensureChromium()) {
    steps.push({ name: 'browser tests', ok: false, took: 0 });
    console.error('chromium is not available: browser tests cannot run');
    return;
  }
  await step('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: resolve('test-results/playwright.json'),
    E2E_RETRIES: process.env.E2E_RETRIES ?? '0',
  });
  countPlaywright('test-results/playwright.json');
})();

await Promise.all([vitest, browser]);
testsDone = true;
for (const child of runningBackground) raiseToNormal(child.pid);
await checks;

console.log('\n=== summary ===');
for (const { name, ok, took } of steps) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds(took)})`);
// The tail of a log names what failed: no scrolling back through the steps' output.
if (failures.length > 0) console.log(`failed tests:\n${failures.map((name) => `  ${name}`).join('\n')}`);
if (flaky.length > 0)
  console.log(
    `flaky, counted as failed (failed, then passed on a retry):\n${flaky.map((name) => `  ${name}`).join('\n')}`,
  );
const allOk = steps.every((s) => s.ok) && flaky.length === 0;
if (!allOk && failed === 0) failed = steps.filter((s) => !s.ok).length;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped in ${seconds(Date.now() - started)}`);
process.exit(allOk ? 0 : 1);
