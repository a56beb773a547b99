// Production build of the server: one ESM bundle with the internal packages compiled in and every
// third-party dependency left to node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...manifest.dependencies }).filter((name) => !name.startsWith('@eluent/'));

await build({
  // The signal worker threads load dist/signal-worker.js (services/results/signal-workers.ts).
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli/main.ts',
    'signal-worker': 'src/services/results/signal-worker.ts',
    // The password-hashing threads load dist/password-worker.js (lib/passwords.ts).
    'password-worker': 'src/lib/password-worker.mjs',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
