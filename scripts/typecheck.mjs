// Type-checks every workspace with its own compiler settings (signal and contracts see no DOM and no Node).
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/signal',
  'packages/signal/test',
  'packages/contracts',
  'packages/simulator',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed = true;
    console.error(`typecheck failed: ${project}`);
  }
}
process.exit(failed ? 1 : 0);
