// The steps of signing (docs/signatures.md): the body read, the refusals of role, state and separation of
// duties, the password asked again (throttled like sign-ins), the signature stored with the versions it binds
// and its audit entry, and the review the signer is answered.
import {
  domainErrors,
  personName,
  signatureMeaningLabels,
  signatureMeanings,
  type Review,
  type SignatureMeaning,
  type SignatureSubjectKind,
} from '@eluent/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { SignaturesRepository, SubjectRow } from '../../repositories/signatures.ts';
import type { UserRow, UsersRepository } from '../../repositories/users.ts';
import type { AttemptThrottle } from '../attempt-throttle.ts';
import type { Actor } from '../workspaces/actor.ts';
import type { Evaluation } from './evaluation.ts';
import { meaningsInOrder, refusalOf } from './review-rules.ts';

const AUDIT_PARENT = { sequence: 'sequences', measurement: 'measurements' } as const;

export interface SignInput {
  meaning: SignatureMeaning;
  password: string;
  reason: string | null;
}

export function signInput(body: Record<string, unknown>): SignInput {
  onlyFields(body, ['meaning', 'password', 'reason']);
  const meaning = body.meaning;
  if (typeof meaning !== 'string' || !(signatureMeanings as readonly string[]).includes(meaning))
    throw AppError.domain(400, 'signature_meaning_invalid');
  const password = body.password;
  if (typeof password !== 'string' || password.length === 0)
    throw AppError.domain(400, 'signature_password_required');
  if (password.length > 256) throw AppError.domain(403, 'signature_password_wrong');
  const rawReason = body.reason;
  if (rawReason !== undefined && rawReason !== null && typeof rawReason !== 'string')
    throw AppError.validation({ reason: ['Must be text'] });
  const reason = typeof rawReason === 'string' && rawReason.trim() !== '' ? rawReason.trim() : null;
  if (reason !== null && reason.length > 2000)
    throw AppError.validation({ reason: ['Field must have at most 2000 characters'] });
  if (meaning === 'rejected' && reason === null) throw AppError.domain(400, 'signature_reason_required');
  return { meaning: meaning as SignatureMeaning, password, reason };
}

/** Why the actor may not sign with this meaning now (role, state, separation of duties); null: it may. */
function refusalFor(meaning: SignatureMeaning, actor: Actor, evaluation: Evaluation) {
  return refusalOf(meaning, {
    signerId: actor.userId,
    role: actor.role,
    state: evaluation.state,
    authors: evaluation.authors,
    reviewers: evaluation.reviewers,
  });
}

export function refuseUnless(meaning: SignatureMeaning, actor: Actor, evaluation: Evaluation): void {
  const refused = refusalFor(meaning, actor, evaluation);
  if (refused) throw new AppError(refused.status, refused.code, refused.detail);
}

/** The review as answered: the state, the current versions, what the actor may sign now, every signature. */
export function reviewOf(
  kind: SignatureSubjectKind,
  id: number,
  evaluation: Evaluation,
  actor?: Actor,
): Review {
  const canSign = actor
    ? meaningsInOrder.filter((meaning) => refusalFor(meaning, actor, evaluation) === null)
    : [];
  return {
    subject: { kind, id },
    state: evaluation.state,
    results: evaluation.items.map(({ measurement_id, injection_id, result_id, version }) => ({
      measurement_id,
      injection_id,
      result_id,
      version,
    })),
    can_sign: canSign,
    signatures: evaluation.signatures,
  };
}

/** The signer's password asked again: failures count like failed sign-ins and lock signing out. */
export async function checkSigningPassword(
  deps: { users: UsersRepository; passwords: PasswordHasher; throttle: AttemptThrottle },
  actor: Actor,
  password: string,
): Promise<UserRow> {
  const { users, passwords, throttle } = deps;
  const keys = [`signature:user:${actor.userId}`];
  const about = { userId: actor.userId, step: 'signature' };
  const verdict = await throttle.attempt(keys, about);
  if (!verdict.allowed)
    throw new AppError(
      429,
      'throttled',
      domainErrors.throttled,
      {},
      { 'retry-after': String(verdict.retryAfterSec) },
    );
  const user = await users.findById(actor.userId);
  const matches = await passwords.verify(password, user?.password_hash);
  if (!user || !matches) {
    await throttle.failed(keys, about);
    throw AppError.domain(403, 'signature_password_wrong');
  }
  await throttle.succeeded(keys);
  return user;
}

/** Stores the signature bound to the versions of `before` and its audit entry, under the subject's lock. */
export async function recordSignature(
  trx: Transaction<Database>,
  signatures: SignaturesRepository,
  signing: {
    actor: Actor;
    kind: SignatureSubjectKind;
    id: number;
    subject: SubjectRow;
    signer: UserRow;
    input: SignInput;
    before: Evaluation;
    after: Evaluation['state'];
  },
): Promise<void> {
  const { actor, kind, id, subject, signer, input, before, after } = signing;
  const row = await signatures.insert(
    trx,
    {
      workspace_id: subject.workspace_id,
      subject_kind: kind,
      subject_id: id,
      signer_id: actor.userId,
      // The printed name of §11.50, as it stands at signing (an account without one: its address).
      signer_name: personName(signer),
      signer_email: signer.email,
      meaning: input.meaning,
      reason: input.reason,
      state_before: before.state,
      state_after: after,
      content_sha256: before.sha256,
    },
    before.items.map((item) => ({
      measurement_id: item.measurement_id,
      injection_id: item.injection_id,
      result_id: item.result_id,
      result_version: item.version,
      content_sha256: item.sha256,
    })),
  );
  await writeAudit(trx, {
    userId: actor.userId,
    workspaceId: actor.workspaceId,
    entity: 'signatures',
    entityId: row.id,
    label: `${signatureMeaningLabels[input.meaning]}: ${subject.name}`,
    parent: { entity: AUDIT_PARENT[kind], id },
    action: `sign_${input.meaning}`,
    oldValues: { state: before.state },
    newValues: {
      state: after,
      meaning: input.meaning,
      results: before.items.map((item) => `measurement ${item.measurement_id} version ${item.version}`),
      sha256: before.sha256,
    },
    reason: input.reason,
  });
}
