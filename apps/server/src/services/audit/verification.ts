// Walks the audit hash chain from its first link and reports the first one that does not hold: a row whose
// hash is not the SHA-256 of its canonical text (altered), whose prev_hash is not the previous row's hash
// (reordered), a missing position (deleted), a chain head that does not name the last row (cut off), or a
// position whose hash is not the one a signed checkpoint recorded there (the whole chain rewritten).
import { createHash } from 'node:crypto';
import type { AuditChainStatus } from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chainHead, chainSlice } from '../../repositories/audit.ts';

export const GENESIS_HASH = '0'.repeat(64);
const SLICE = 2000;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Checks every link of the chain; the answer names the first broken event, if any.
 * @example const status = await verifyAuditChain(db); if (!status.valid) console.log(status.first_broken)
 */
export async function verifyAuditChain(
  db: Kysely<Database>,
  anchors: ReadonlyArray<{ chain_seq: number; head_hash: string }> = [],
): Promise<Omit<AuditChainStatus, 'checkpoint'> & { anchor?: { chain_seq: number; head_hash: string } }> {
  const started = new Date();
  // The hash each checkpoint recorded at its position; a consistent rewrite keeps every link but not these.
  const anchored = new Map(anchors.map((a) => [a.chain_seq, a]));
  const anchorBroken = (seq: number, hash: string) => {
    const anchor = anchored.get(seq);
    return anchor && anchor.head_hash !== hash ? anchor : undefined;
  };
  let previousHash = GENESIS_HASH;
  let expectedSeq = 1;
  for (;;) {
    const links = await chainSlice(db, expectedSeq - 1, SLICE);
    for (const link of links) {
      const problem =
        link.chain_seq !== expectedSeq
          ? ('missing' as const)
          : link.prev_hash !== previousHash
            ? ('link' as const)
            : sha256Hex(link.canonical) !== link.hash
              ? ('altered' as const)
              : null;
      if (problem) {
        return {
          valid: false,
          checked: expectedSeq - 1,
          head_hash: previousHash,
          verified_at: started.toISOString(),
          first_broken: { chain_seq: expectedSeq, event_id: link.id, problem },
        };
      }
      const anchor = anchorBroken(link.chain_seq, link.hash);
      if (anchor) {
        return {
          valid: false,
          checked: expectedSeq - 1,
          head_hash: previousHash,
          verified_at: started.toISOString(),
          first_broken: { chain_seq: expectedSeq, event_id: link.id, problem: 'checkpoint' },
          anchor,
        };
      }
      previousHash = link.hash;
      expectedSeq += 1;
    }
    if (links.length < SLICE) break;
  }
  const head = await chainHead(db);
  const checked = expectedSeq - 1;
  // A checkpoint beyond the chain's end: its last events were removed and the head moved back with them.
  const beyond = anchors.find(
    (a) => a.chain_seq > checked || (a.chain_seq === 0 && a.head_hash !== GENESIS_HASH),
  );
  if (beyond) {
    return {
      valid: false,
      checked,
      head_hash: previousHash,
      verified_at: started.toISOString(),
      first_broken: { chain_seq: beyond.chain_seq, event_id: null, problem: 'checkpoint' },
      anchor: beyond,
    };
  }
  if (head.lastSeq !== checked || head.lastHash !== previousHash) {
    return {
      valid: false,
      checked,
      head_hash: previousHash,
      verified_at: started.toISOString(),
      first_broken: { chain_seq: checked + 1, event_id: null, problem: 'head' },
    };
  }
  return {
    valid: true,
    checked,
    head_hash: previousHash,
    verified_at: started.toISOString(),
    first_broken: null,
  };
}
