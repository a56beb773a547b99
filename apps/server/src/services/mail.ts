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

/**
 * Work that sends mail after the answer: jobs run one at a time, in order, off the request path, so an
 * answer never waits for (nor reveals by its time) a lookup, a code or a mail transport. A failed job is
 * logged; nothing is retried. `close()` waits for the queued jobs up to `closeWaitMs`, then lets them go.
 */
export interface MailQueue {
  /** Queues `job`; returns at once. Beyond `limit` waiting jobs a new one is dropped (and logged). */
  enqueue(what: string, job: () => Promise<void>): void;
  /** Resolves when every job queued so far has run (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailQueue(options: {
  log: (text: string, error?: unknown) => void;
  limit?: number;
  closeWaitMs?: number;
}): MailQueue {
  const limit = options.limit ?? 1000;
  let waiting = 0;
  let tail: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    enqueue(what, job) {
      if (closed) {
        options.log(`mail job dropped (server stopping): ${what}`);
        return;
      }
      if (waiting >= limit) {
        options.log(`mail job dropped (${waiting} waiting): ${what}`);
        return;
      }
      waiting += 1;
      tail = tail.then(async () => {
        try {
          await job();
        } catch (error) {
          options.log(`mail job failed: ${what}`, error);
        } finally {
          waiting -= 1;
        }
      });
    },
    idle: () => tail,
    async close() {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<'gave up'>((resolve) => {
        timer = setTimeout(() => resolve('gave up'), options.closeWaitMs ?? 10_000);
      });
      const outcome = await Promise.race([tail.then(() => 'done' as const), gaveUp]);
      clearTimeout(timer);
      if (outcome === 'gave up') options.log(`stopped with ${waiting} mail job(s) unsent`);
    },
  };
}
