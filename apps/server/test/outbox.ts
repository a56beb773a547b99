// Mails the server wrote to its outbox folder (quoted-printable .eml files), decoded.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The decoded mails to an address, oldest first by file name. */
export function mailsTo(dataDir: string, email: string): string[] {
  const outbox = join(dataDir, 'outbox');
  const local = email.split('@')[0]!;
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml') && name.includes(local))
    .sort()
    .map((name) =>
      readFileSync(join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** The code of the newest password-reset link mailed to an address (sign-up also mails a verification). */
export function resetCode(dataDir: string, email: string): string {
  const mail = mailsTo(dataDir, email)
    .filter((text) => text.includes('/auth/reset-password/'))
    .at(-1);
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return decodeURIComponent(/reset-password\/\?code=([\w%-]+)/.exec(mail)![1]!);
}
