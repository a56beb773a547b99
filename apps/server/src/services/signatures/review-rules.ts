// The review state machine and separation of duties, as pure functions over the valid signatures of a
// subject (docs/signatures.md):
//   processed ──reviewed──▶ reviewed ──approved──▶ approved
//       │ ╲                    │
//       │  rejected ◀──────────┘          (authored: the author's own signature, state unchanged)
// A change of a signed result makes its signatures invalid, so the state falls back to processed.
import {
  allows,
  domainErrorText,
  type DomainErrorCode,
  type Privilege,
  type ReviewState,
  type SignatureMeaning,
  type WorkspaceRole,
} from '@eluent/contracts';

export interface ValidSignature {
  signer_id: number;
  meaning: SignatureMeaning;
}

const MEANING_STATE: Record<SignatureMeaning, ReviewState | null> = {
  authored: null,
  reviewed: 'reviewed',
  approved: 'approved',
  rejected: 'rejected',
};

/** The state after the valid signatures, oldest first; `processed` when there is something to sign. */
export function reviewState(hasResults: boolean, valid: readonly ValidSignature[]): ReviewState {
  if (!hasResults) return 'not_processed';
  let state: ReviewState = 'processed';
  for (const signature of valid) state = MEANING_STATE[signature.meaning] ?? state;
  return state;
}

export function stateAfter(state: ReviewState, meaning: SignatureMeaning): ReviewState {
  return MEANING_STATE[meaning] ?? state;
}

const PRIVILEGE: Record<SignatureMeaning, Privilege> = {
  authored: 'results.process',
  reviewed: 'results.review',
  approved: 'results.approve',
  rejected: 'results.review',
};

const FROM: Record<SignatureMeaning, readonly ReviewState[]> = {
  authored: ['processed'],
  reviewed: ['processed'],
  approved: ['reviewed'],
  rejected: ['processed', 'reviewed'],
};

export interface SigningContext {
  signerId: number;
  role: WorkspaceRole;
  state: ReviewState;
  /** Who made the covered versions (processed, integrated them) and who signed them as authored. */
  authors: ReadonlySet<number>;
  /** Who signed the covered versions as reviewed (valid signatures). */
  reviewers: ReadonlySet<number>;
}

export interface Refusal {
  status: 400 | 403 | 409;
  code: DomainErrorCode;
  detail: string;
}

function refusal(status: Refusal['status'], code: DomainErrorCode, values = {}): Refusal {
  return { status, code, detail: domainErrorText(code, values) };
}

/**
 * Why `meaning` may not be signed now, or null when it may: role first, then state, then separation of
 * duties (an author never reviews, approves or rejects the work; the reviewer never approves it too).
 * @example refusalOf('approved', { signerId: 2, role: 'reviewer', state: 'reviewed', authors: new Set([1]), reviewers: new Set([2]) })?.code // 'signature_reviewer_approves'
 */
export function refusalOf(meaning: SignatureMeaning, context: SigningContext): Refusal | null {
  if (!allows(context.role, PRIVILEGE[meaning]))
    return refusal(403, 'signature_not_permitted', { role: context.role, meaning });
  if (context.state === 'not_processed') return refusal(409, 'signature_nothing_to_sign');
  if (!FROM[meaning].includes(context.state))
    return refusal(409, 'signature_state_invalid', { state: context.state, meaning });
  if (meaning !== 'authored' && context.authors.has(context.signerId))
    return refusal(403, 'signature_own_work', { meaning });
  if (meaning === 'approved' && context.reviewers.has(context.signerId))
    return refusal(403, 'signature_reviewer_approves');
  return null;
}

export const meaningsInOrder: readonly SignatureMeaning[] = ['authored', 'reviewed', 'approved', 'rejected'];
