// `npm start`: install, build the web app and the server, then run the product on its embedded defaults
// (PGlite in ./.eluent, in-process realtime, simulated instruments, demo account).
import { spawn } from 'node:child_process';
import { ensureInstalled, run } from './ensure-install.mjs';

ensureInstalled();
if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.error('build failed');
  process.exit(1);
}
const env = { ELUENT_SIMULATORS: '2', ELUENT_DEMO: '1', ...process.env };
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
