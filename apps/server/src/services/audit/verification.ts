// Walks the audit hash chain from its first link and reports the first one that does not hold: a row whose
// hash is not the SHA-256 of its canonical text (altered), whose prev_hash is not the previous row's hash
// (reordered), a missing position (deleted), or a chain head that does not name the last row (cut off).
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
export async function verifyAuditChain(db: Kysely<Database>): Promise<AuditChainStatus> {
  const started = new Date();
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
      previousHash = link.hash;
      expectedSeq += 1;
    }
    if (links.length < SLICE) break;
  }
  const head = await chainHead(db);
  const checked = expectedSeq - 1;
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
