// Review and electronic signatures (21 CFR Part 11, EU Annex 11; docs/signatures.md): a sequence (every
// injection's current result version and the calibration) or one measurement is signed with the password
// asked again and a meaning; the signature binds by SHA-256 to the exact versions, moves the review state,
// and is audited with its reason. Role, state and separation of duties are checked before the password
// and again under the subject's row lock (signing-steps.ts).
import type { Review, ReviewChangedEvent, SignatureSubjectKind } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { SignaturesRepository } from '../../repositories/signatures.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import type { AttemptThrottle } from '../attempt-throttle.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { evaluate } from './evaluation.ts';
import { stateAfter } from './review-rules.ts';
import { checkSigningPassword, recordSignature, refuseUnless, reviewOf, signInput } from './signing-steps.ts';

const NOT_FOUND = { sequence: 'sequence_not_found', measurement: 'measurement_not_found' } as const;

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

export function createSignaturesService(deps: SignaturesDependencies) {
  const { signatures, results } = deps;
  const { db } = signatures;

  async function subjectIn(workspaceId: number, kind: SignatureSubjectKind, id: number) {
    const subject = await signatures.subject(kind, id, false);
    if (!subject || subject.workspace_id !== workspaceId) throw AppError.domain(404, NOT_FOUND[kind]);
    return subject;
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
      const signer = await checkSigningPassword(deps, actor, input.password);
      const evaluation = await db.transaction().execute(async (trx) => {
        const subject = await signatures.subject(kind, id, true, trx);
        if (!subject || subject.workspace_id !== actor.workspaceId)
          throw AppError.domain(404, NOT_FOUND[kind]);
        const before = await evaluate({ results, signatures }, kind, id, trx);
        refuseUnless(input.meaning, actor, before);
        const after = stateAfter(before.state, input.meaning);
        await recordSignature(trx, signatures, { actor, kind, id, subject, signer, input, before, after });
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
