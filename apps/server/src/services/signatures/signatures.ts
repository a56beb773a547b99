// Review and electronic signatures (21 CFR Part 11, EU Annex 11; docs/signatures.md): a sequence (every
// injection's current result version and the calibration) or one measurement is signed with the password
// asked again and a meaning; the signature binds by SHA-256 to the exact versions, moves the review state,
// and is audited with its reason. Role, state and separation of duties are checked before the password
// and again under the subject's row lock.
import {
  domainErrors,
  signatureMeaningLabels,
  signatureMeanings,
  type Review,
  type ReviewChangedEvent,
  personName,
  type SignatureMeaning,
  type SignatureSubjectKind,
} from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { SignaturesRepository } from '../../repositories/signatures.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import type { AttemptThrottle } from '../attempt-throttle.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { evaluate, type Evaluation } from './evaluation.ts';
import { meaningsInOrder, refusalOf, stateAfter } from './review-rules.ts';

const NOT_FOUND = { sequence: 'sequence_not_found', measurement: 'measurement_not_found' } as const;
const AUDIT_PARENT = { sequence: 'sequences', measurement: 'measurements' } as const;

export interface SignaturesDependencies {
  signatures: SignaturesRepository;
  results: ResultsRepository;
  users: UsersRepository;
  passwords: PasswordHasher;
  /** Failed signing passwords count like failed sign-ins: too many lock the account's signing out. */
  throttle: AttemptThrottle;
  /**
   * Tells open pages that a review changed, on the subject's realtime channel (`sequences:{id}`,
   * `measurements:{id}`), whose authorizers decide who hears it. Absent: nothing is announced.
   */
  publish?: (event: ReviewChangedEvent) => void;
}

interface SignInput {
  meaning: SignatureMeaning;
  password: string;
  reason: string | null;
}

function signInput(body: Record<string, unknown>): SignInput {
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

function refuseUnless(meaning: SignatureMeaning, actor: Actor, evaluation: Evaluation): void {
  const refused = refusalOf(meaning, {
    signerId: actor.userId,
    role: actor.role,
    state: evaluation.state,
    authors: evaluation.authors,
    reviewers: evaluation.reviewers,
  });
  if (refused) throw new AppError(refused.status, refused.code, refused.detail);
}

export function createSignaturesService(deps: SignaturesDependencies) {
  const { signatures, results, users, passwords, throttle } = deps;
  const { db } = signatures;

  async function subjectIn(workspaceId: number, kind: SignatureSubjectKind, id: number) {
    const subject = await signatures.subject(kind, id, false);
    if (!subject || subject.workspace_id !== workspaceId) throw AppError.domain(404, NOT_FOUND[kind]);
    return subject;
  }

  function reviewOf(kind: SignatureSubjectKind, id: number, evaluation: Evaluation, actor?: Actor): Review {
    const canSign = actor
      ? meaningsInOrder.filter(
          (meaning) =>
            refusalOf(meaning, {
              signerId: actor.userId,
              role: actor.role,
              state: evaluation.state,
              authors: evaluation.authors,
              reviewers: evaluation.reviewers,
            }) === null,
        )
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

  async function checkPassword(actor: Actor, password: string) {
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

  /** Publishes the subject's review state as it is now (after the change committed). */
  async function announce(kind: SignatureSubjectKind, id: number): Promise<void> {
    if (!deps.publish) return;
    const evaluation = await evaluate({ results, signatures }, kind, id, db);
    deps.publish({
      type: 'review',
      subject: { kind, id },
      state: evaluation.state,
      at: new Date().toISOString(),
    });
  }

  return {
    /**
     * After a measurement's results changed (a new current version: reprocessing, manual integration, a
     * pick), announces the review of the measurement and of its sequence: signatures bound to the replaced
     * version no longer hold. A failure is logged by the caller and changes nothing stored.
     */
    async resultsChanged(measurementId: number): Promise<void> {
      await announce('measurement', measurementId);
      const sequenceId = await signatures.sequenceOfMeasurement(measurementId);
      if (sequenceId !== null) await announce('sequence', sequenceId);
    },

    /** The review of a subject for a workspace (reports and share links read it without an actor). */
    async reviewFor(workspaceId: number, kind: SignatureSubjectKind, id: number): Promise<Review> {
      await subjectIn(workspaceId, kind, id);
      return reviewOf(kind, id, await evaluate({ results, signatures }, kind, id, db));
    },

    /** GET …/review/: the state, the current versions, what the actor may sign now and every signature. */
    async review(actor: Actor, kind: SignatureSubjectKind, id: number): Promise<Review> {
      requireRole(actor, 'results.read');
      await subjectIn(actor.workspaceId, kind, id);
      return reviewOf(kind, id, await evaluate({ results, signatures }, kind, id, db), actor);
    },

    /** POST …/signatures/ {meaning, password, reason}: signs the current versions; answers the new review. */
    async sign(
      actor: Actor,
      kind: SignatureSubjectKind,
      id: number,
      body: Record<string, unknown>,
    ): Promise<Review> {
      const input = signInput(body);
      await subjectIn(actor.workspaceId, kind, id);
      // Refused before the password is checked, so a refusal costs no hashing and no failed attempt.
      refuseUnless(input.meaning, actor, await evaluate({ results, signatures }, kind, id, db));
      const user = await checkPassword(actor, input.password);
      const evaluation = await db.transaction().execute(async (trx) => {
        const subject = await signatures.subject(kind, id, true, trx);
        if (!subject || subject.workspace_id !== actor.workspaceId)
          throw AppError.domain(404, NOT_FOUND[kind]);
        const before = await evaluate({ results, signatures }, kind, id, trx);
        refuseUnless(input.meaning, actor, before);
        const after = stateAfter(before.state, input.meaning);
        const row = await signatures.insert(
          trx,
          {
            workspace_id: subject.workspace_id,
            subject_kind: kind,
            subject_id: id,
            signer_id: actor.userId,
            // The printed name of §11.50, as it stands at signing (an account without one: its address).
            signer_name: personName(user),
            signer_email: user.email,
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
        return evaluate({ results, signatures }, kind, id, trx);
      });
      deps.publish?.({
        type: 'review',
        subject: { kind, id },
        state: evaluation.state,
        at: new Date().toISOString(),
      });
      return reviewOf(kind, id, evaluation, actor);
    },
  };
}

export type SignaturesService = ReturnType<typeof createSignaturesService>;
