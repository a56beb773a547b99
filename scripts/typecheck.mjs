// Type-checks every workspace with its own compiler settings (signal and contracts see no DOM and no Node).
// Incremental: each project keeps its .tsbuildinfo in node_modules/.cache/tsc, so an unchanged project is
// checked again in a fraction of the time. Two projects are checked at a time.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const projects = [
  'apps/web',
  'apps/server',
  'packages/signal',
  'packages/signal/test',
  'packages/contracts',
  'packages/simulator',
  'e2e',
  'bench',
];
const cache = 'node_modules/.cache/tsc';
mkdirSync(cache, { recursive: true });
const parallel = Number(process.env.ELUENT_TYPECHECK_JOBS ?? 2);

function check(project) {
  const buildInfo = `${cache}/${project.replaceAll('/', '_')}.tsbuildinfo`;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo],
      { stdio: 'inherit' },
    );
    child.on('exit', (code) => resolve(code === 0));
  });
}

const queue = [...projects];
let failed = false;
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    if (!(await check(project))) {
      failed = true;
      console.error(`typecheck failed: ${project}`);
    }
  }
}
await Promise.all(Array.from({ length: parallel }, worker));
process.exit(failed ? 1 : 0);
