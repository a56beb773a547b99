// Browser tests need Debian's chromium; install it when missing (never a browser download).
import { existsSync } from 'node:fs';
import { run } from './ensure-install.mjs';

export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log('Installing Debian chromium for the browser tests…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
  return existsSync('/usr/bin/chromium');
}
