// The outbox (no SMTP_URL): each mail is one whole .eml file, readable by the server's user only; a reader of
// the folder never meets a half-written message under the .eml name (it is written aside and renamed).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

it('writes each mail whole under its .eml name and leaves nothing else in the outbox', async () => {
  const root = mkdtempSync(join(tmpdir(), 'eluent-outbox-'));
  folders.push(root);
  const outboxDir = join(root, 'outbox');
  const logged: string[] = [];
  const mailer = createMailer({ smtpUrl: undefined, outboxDir, log: (text) => logged.push(text) });
  const text = (code: string) => `Open this link:\nhttps://eluent.test/?code=${code}\n\nEND OF MAIL\n`;
  await mailer.send({ to: 'ana@lab.test', subject: 'First', text: text('first') });

  // A reader polling the folder while mails are written: every .eml it finds already holds its whole message.
  const seen: string[] = [];
  let sending = true;
  const reader = (async () => {
    while (sending) {
      for (const name of readdirSync(outboxDir).filter((file) => file.endsWith('.eml')))
        seen.push(readFileSync(join(outboxDir, name), 'utf8'));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      mailer.send({ to: `reader${index}@lab.test`, subject: 'Verify', text: text('x'.repeat(20_000)) }),
    ),
  );
  sending = false;
  await reader;

  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((mail) => !mail.includes('END OF MAIL'))).toEqual([]);
  const files = readdirSync(outboxDir);
  expect(files).toHaveLength(9);
  expect(files.every((name) => /^\d+-[\w@.-]+\.eml$/.test(name))).toBe(true);
  for (const name of files) expect(statSync(join(outboxDir, name)).mode & 0o777).toBe(0o600);
  expect(logged).toHaveLength(9);
});
