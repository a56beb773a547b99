// Outgoing e-mail: through SMTP_URL when set, otherwise written as .eml files to the outbox folder and logged.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Eluent <no-reply@eluent.dev>';

export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  log: (text: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const safeRecipient = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const path = join(options.outboxDir, `${Date.now()}-${safeRecipient}.eml`);
      // Reset links are secrets: only the server's user may read them. Written under a temporary name and
      // renamed, so a reader of the folder sees a whole message under the .eml name or none.
      const partial = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, path);
      options.log(`e-mail to ${message.to} written to ${path}`);
    },
  };
}
