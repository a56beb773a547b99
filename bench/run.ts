// `npm run bench [-- <name>...]`: runs the named benchmarks (every one when none is named).
// Each benchmark lives in bench/<name>.ts, prints its figures and its ratio to a reference run; several run
// one after the other, each in a process of its own.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();
const requested = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const names = requested.length > 0 ? requested : available;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`unknown benchmark '${name}'; available: ${available.join(', ') || 'none'}`);
    process.exit(2);
  }
}
const options = process.argv.slice(2).filter((argument) => argument.startsWith('-'));
if (names.length > 1) {
  // Each benchmark in a process of its own: one's servers, sockets and garbage never weigh on the next.
  for (const name of names) {
    const child = fork(fileURLToPath(import.meta.url), [name, ...options], {
      execArgv: ['--import', 'tsx'],
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) process.exit(code ?? 1);
  }
} else {
  const name = names[0]!;
  console.log(`\n# ${name}`);
  const module = (await import(`./${name}.bench.ts`)) as { run: (args: string[]) => Promise<void> };
  await module.run(process.argv.slice(2));
}
