// Signed checkpoints of the audit chain (docs/audit.md "Checkpoints"): the chain's head — its last position
// and hash — signed with the server's key and appended as one line to a file the lab keeps outside the
// database, and written to the log; at start, at an interval while the head moves, and at shutdown. The
// verification compares the chain with every checkpoint in the file, so a chain rewritten from its first
// event onwards, every hash recomputed, no longer has the hash a checkpoint recorded at that position.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuditChainStatus, AuditCheckpointRef } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chainHead } from '../../repositories/audit.ts';
import type { RecordSigner } from '../tokens.ts';
import { verifyAuditChain } from './verification.ts';

export type CheckpointReason = 'start' | 'interval' | 'shutdown';

export interface AuditCheckpoint extends AuditCheckpointRef {
  reason: CheckpointReason;
}

/** One line of the file: the checkpoint readable, and the same fields signed (a compact JWS). */
interface CheckpointLine extends AuditCheckpoint {
  signature: string;
}

/** What the file holds: the checkpoints whose signature holds, and the first line that does not. */
export interface CheckpointFile {
  good: Array<AuditCheckpoint & { line: number }>;
  bad: { line: number } | null;
}

/** Reads and checks every line; a line that is not JSON, or whose fields differ from what was signed, is bad. */
export async function readCheckpointFile(file: string, signer: RecordSigner): Promise<CheckpointFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { good: [], bad: null };
    throw error;
  }
  const good: CheckpointFile['good'] = [];
  let bad: CheckpointFile['bad'] = null;
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const lineNumber = index + 1;
    const checked = await checkLine(signer, raw);
    if (checked) good.push({ ...checked, line: lineNumber });
    else bad ??= { line: lineNumber };
  }
  return { good, bad };
}

/** A line's checkpoint when its signature holds and matches its fields; null otherwise. */
async function checkLine(signer: RecordSigner, raw: string): Promise<AuditCheckpoint | null> {
  try {
    const line = JSON.parse(raw) as CheckpointLine;
    const signed = await signer.verify(line.signature);
    const fields = ['chain_seq', 'head_hash', 'created_at', 'reason'] as const;
    if (fields.some((field) => signed[field] !== line[field])) return null;
    if (!Number.isInteger(line.chain_seq) || typeof line.head_hash !== 'string') return null;
    return {
      chain_seq: line.chain_seq,
      head_hash: line.head_hash,
      created_at: line.created_at,
      reason: line.reason,
    };
  } catch {
    return null;
  }
}

export function createAuditCheckpoints(deps: {
  db: Kysely<Database>;
  signer: RecordSigner;
  file: string;
  /** Seconds between checkpoints while the head moves; 0: only at start and shutdown. */
  intervalSec: number;
  logger: FastifyBaseLogger;
}) {
  const { db, signer, file, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  /** The interval checkpoint being written, if any: the shutdown line waits for it. */
  let intervalWrite: Promise<void> | undefined;
  let lastWritten: { chain_seq: number; head_hash: string } | undefined;
  let writing: Promise<unknown> = Promise.resolve();

  function same(a: { chain_seq: number; head_hash: string }, b: { chain_seq: number; head_hash: string }) {
    return a.chain_seq === b.chain_seq && a.head_hash === b.head_hash;
  }

  async function writeNow(reason: CheckpointReason): Promise<AuditCheckpoint> {
    const head = await chainHead(db);
    const checkpoint: AuditCheckpoint = {
      chain_seq: head.lastSeq,
      head_hash: head.lastHash,
      created_at: new Date().toISOString(),
      reason,
    };
    const line: CheckpointLine = { ...checkpoint, signature: await signer.sign({ ...checkpoint }) };
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify(line)}\n`, 'utf8');
    lastWritten = checkpoint;
    logger.info({ audit_checkpoint: line, file }, 'audit chain checkpoint');
    return checkpoint;
  }

  const readFileLines = () => readCheckpointFile(file, signer);

  const checkpoints = {
    file,

    /** Signs the chain's current head and appends it to the file and the log. */
    write(reason: CheckpointReason): Promise<AuditCheckpoint> {
      const next = writing.then(() => writeNow(reason));
      writing = next.catch(() => undefined);
      return next;
    },

    /** The checkpoints in the file with their signatures checked. */
    read: readFileLines,

    /** The latest checkpoint whose signature holds, as a report prints it; null when there is none. */
    async latest(): Promise<AuditCheckpointRef | null> {
      const { good } = await readFileLines();
      const last = good.at(-1);
      return last
        ? { chain_seq: last.chain_seq, head_hash: last.head_hash, created_at: last.created_at }
        : null;
    },

    /** The chain's verification, compared with every checkpoint whose signature holds. */
    async verify(): Promise<AuditChainStatus> {
      const { good, bad } = await readFileLines();
      const { anchor, ...status } = await verifyAuditChain(db, good);
      const latest = good.at(-1);
      const differs = anchor ? good.find((c) => same(c, anchor)) : undefined;
      const checkpoint: AuditChainStatus['checkpoint'] =
        latest || bad
          ? {
              chain_seq: latest?.chain_seq ?? 0,
              head_hash: latest?.head_hash ?? '',
              created_at: latest?.created_at ?? '',
              checked: good.length,
              problem: differs ? 'differs' : bad ? 'bad_signature' : null,
              line: differs?.line ?? bad?.line ?? null,
            }
          : null;
      return { ...status, valid: status.valid && !bad, checkpoint };
    },

    /** A checkpoint now, then one at each interval in which the head moved. */
    async start() {
      // A database not reachable yet, or a file not writable, is logged; the interval tries again.
      await checkpoints
        .write('start')
        .catch((error: unknown) => logger.error({ err: error, file }, 'audit chain checkpoint failed'));
      if (deps.intervalSec > 0 && !timer) {
        timer = setInterval(() => {
          if (intervalWrite) return;
          intervalWrite = chainHead(db)
            .then(async (head) => {
              const current = { chain_seq: head.lastSeq, head_hash: head.lastHash };
              if (timer && (!lastWritten || !same(lastWritten, current))) await checkpoints.write('interval');
            })
            .catch((error: unknown) => logger.error({ err: error }, 'audit chain checkpoint failed'))
            .finally(() => {
              intervalWrite = undefined;
            });
        }, deps.intervalSec * 1000);
        timer.unref();
      }
    },

    /** Stops the interval and writes the shutdown checkpoint, the log's last line (after any interval write). */
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await intervalWrite;
      await checkpoints.write('shutdown');
    },
  };
  return checkpoints;
}

export type AuditCheckpoints = ReturnType<typeof createAuditCheckpoints>;
