// Review and electronic signatures over REST on a real server: states and transitions per role, the
// password asked again (missing, wrong, locked out after repeated failures), separation of duties, the
// binding hash over the signed version, superseded by a manual integration, audit of every signature.
import { domainErrors, domainErrorText, reviewSchema, type DomainErrorCode } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createTemplate, fileUnderSequence, syntheticCsv, upload } from '../../../test/results-fixtures.ts';
import { workspaceOf } from '../../../test/workspaces.ts';
import { newClient, subscribeWithEndpoint } from '../../transports/realtime/test-clients.ts';
import { eventually } from '../../../test/eventually.ts';
import { resultHash } from './canonical.ts';

type User = Awaited<ReturnType<typeof signUp>>;

describe.each(await backends())('review and electronic signatures on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let analyst: User;
  let reviewer: User;
  let approver: User;
  let auditor: User;
  let measurementId: number;
  let firstResultId: number;

  /** Makes `user` a member of `workspaceId` in `role`, its current workspace (what accepting an invitation does). */
  async function join(user: User, workspaceId: number, role: 'analyst' | 'reviewer' | 'admin' | 'auditor') {
    const db = server.context.database.db;
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: user.id, role })
      .onConflict((conflict) => conflict.columns(['workspace_id', 'user_id']).doUpdateSet({ role }))
      .execute();
    await db
      .updateTable('users')
      .set({ current_workspace_id: workspaceId })
      .where('id', '=', user.id)
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { ELUENT_LOCKOUT_FAILURES: '3' } });
    base = server.baseUrl;
    [analyst, reviewer, approver, auditor] = await Promise.all([
      signUp(base),
      signUp(base),
      signUp(base),
      signUp(base),
    ]);
    const lab = await workspaceOf(server.context.database.db, analyst.id);
    await join(approver, lab, 'admin');
    await join(analyst, lab, 'analyst');
    await join(reviewer, lab, 'reviewer');
    await join(auditor, lab, 'auditor');
    const template = await createTemplate(base, analyst.access, 'Three peaks', {
      peak_detection_min_prominence: 5,
    });
    const imported = await upload(base, analyst.access, 'three-peaks.csv', syntheticCsv(), template);
    expect(imported.status).toBe(201);
    measurementId = imported.body.measurement_id;
  });
  afterAll(async () => server?.dispose());

  const review = (as: User) =>
    request(base, 'GET', `/api/measurements/${measurementId}/review/`, { token: as.access });
  const sign = (as: User, body: Record<string, unknown>) =>
    request(base, 'POST', `/api/measurements/${measurementId}/signatures/`, { token: as.access, body });
  const signAs = (as: User, meaning: string, reason?: string) =>
    sign(as, { meaning, password: as.password, reason });

  /** What `as` hears on a realtime channel (subscribed through the endpoint, as the web app does). */
  async function listen(as: User, channel: string) {
    const client = newClient(base, { token: as.access });
    client.connect();
    await client.ready(10_000);
    const subscription = subscribeWithEndpoint(client, base, channel, () => as.access);
    const received: unknown[] = [];
    subscription.on('publication', (context) => received.push(context.data));
    subscription.subscribe();
    await subscription.ready(10_000);
    const reviews = () =>
      received.filter((data) => (data as { type?: string }).type === 'review') as Array<{
        subject: { kind: string; id: number };
        state: string;
      }>;
    return { reviews, close: () => client.disconnect() };
  }

  function refused(
    response: { status: number; body: any },
    status: number,
    code: DomainErrorCode,
    values = {},
  ) {
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code, detail: domainErrorText(code, values) });
  }

  it('starts processed; each role may sign only what its privileges allow', async () => {
    const answer = await review(analyst);
    expect(answer.status).toBe(200);
    expect(reviewSchema.strict().safeParse(answer.body).error).toBeUndefined();
    expect(answer.body).toMatchObject({ state: 'processed', can_sign: ['authored'], signatures: [] });
    firstResultId = answer.body.results[0].result_id;
    expect((await review(reviewer)).body.can_sign).toEqual(['reviewed', 'rejected']);
    expect((await review(approver)).body.can_sign).toEqual(['authored', 'reviewed', 'rejected']);
    expect((await review(auditor)).body.can_sign).toEqual([]);
    refused(await signAs(auditor, 'reviewed'), 403, 'signature_not_permitted', {
      role: 'auditor',
      meaning: 'reviewed',
    });
    refused(await signAs(analyst, 'approved'), 403, 'signature_not_permitted', {
      role: 'analyst',
      meaning: 'approved',
    });
    refused(await signAs(reviewer, 'approved'), 409, 'signature_state_invalid', {
      state: 'processed',
      meaning: 'approved',
    });
  });

  it('asks for the password again and refuses a wrong one, signing nothing', async () => {
    refused(await sign(reviewer, { meaning: 'reviewed' }), 400, 'signature_password_required');
    refused(
      await sign(reviewer, { meaning: 'looked at', password: reviewer.password }),
      400,
      'signature_meaning_invalid',
    );
    refused(
      await sign(reviewer, { meaning: 'reviewed', password: 'not my password' }),
      403,
      'signature_password_wrong',
    );
    refused(
      await sign(reviewer, { meaning: 'rejected', password: reviewer.password }),
      400,
      'signature_reason_required',
    );
    expect((await review(reviewer)).body.signatures).toEqual([]);
  });

  it('moves processed → reviewed → approved, keeping reviewer and approver apart, each audited', async () => {
    // An auditor with the measurement open hears each change of its review live (and reads it again itself).
    const watching = await listen(auditor, `measurements:${measurementId}`);
    const authored = await signAs(analyst, 'authored', 'Integration checked');
    expect(authored.status).toBe(201);
    expect(authored.body.state).toBe('processed');

    const reviewed = await signAs(reviewer, 'reviewed');
    expect(reviewed.status).toBe(201);
    expect(reviewSchema.strict().safeParse(reviewed.body).error).toBeUndefined();
    expect(reviewed.body.state).toBe('reviewed');
    const signature = reviewed.body.signatures.at(-1);
    expect(signature).toMatchObject({
      signer: { id: reviewer.id, name: reviewer.email, email: reviewer.email },
      meaning: 'reviewed',
      state_before: 'processed',
      state_after: 'reviewed',
      valid: true,
      invalid_reason: null,
      results: [{ measurement_id: measurementId, result_id: firstResultId, version: 1, valid: true }],
    });
    expect(signature.signed_at).toMatch(/Z$/);
    expect(Math.abs(Date.parse(signature.signed_at) - Date.now())).toBeLessThan(60_000);

    // The stored hash is the one of the signed version's canonical content (peaks, amounts, template).
    const db = server.context.database.db;
    const row = await db
      .selectFrom('processing_results')
      .selectAll()
      .where('id', '=', firstResultId)
      .executeTakeFirstOrThrow();
    const peaks = await db.selectFrom('peaks').selectAll().where('result_id', '=', firstResultId).execute();
    expect(signature.results[0].sha256).toBe(resultHash(row, peaks));
    expect(signature.results[0].sha256).toMatch(/^[0-9a-f]{64}$/);

    refused(await signAs(reviewer, 'approved'), 403, 'signature_reviewer_approves');
    refused(await signAs(analyst, 'reviewed'), 403, 'signature_not_permitted', {
      role: 'analyst',
      meaning: 'reviewed',
    });
    const approved = await signAs(approver, 'approved', 'Released');
    expect(approved.status).toBe(201);
    expect(approved.body.state).toBe('approved');
    expect(approved.body.can_sign).toEqual([]);

    const events = await db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entity', '=', 'signatures')
      .where('parent_id', '=', String(measurementId))
      .orderBy('chain_seq')
      .execute();
    expect(events.map((event) => [event.action, event.user_id, event.reason])).toEqual([
      ['sign_authored', analyst.id, 'Integration checked'],
      ['sign_reviewed', reviewer.id, null],
      ['sign_approved', approver.id, 'Released'],
    ]);
    expect(events[2]!.old_values).toEqual({ state: 'reviewed' });
    expect(events[2]!.new_values).toMatchObject({ state: 'approved', meaning: 'approved' });

    await eventually(() => watching.reviews().length === 3, { what: 'three review announcements' });
    expect(watching.reviews()).toEqual(
      ['processed', 'reviewed', 'approved'].map((state) =>
        expect.objectContaining({ subject: { kind: 'measurement', id: measurementId }, state }),
      ),
    );
    watching.close();
  });

  it('a signature is a record: the database refuses to change or remove it', async () => {
    const db = server.context.database.db;
    await expect(db.updateTable('result_signatures').set({ meaning: 'approved' }).execute()).rejects.toThrow(
      /signatures are records/,
    );
    await expect(db.deleteFrom('result_signature_items').execute()).rejects.toThrow(/signatures are records/);
  });

  it('a manual integration supersedes every signature visibly and the state falls back to processed', async () => {
    const watching = await listen(reviewer, `measurements:${measurementId}`);
    const edited = await request(base, 'POST', `/api/results/${firstResultId}/integration/`, {
      token: analyst.access,
      body: { operation: 'delete', peak_number: 3, reason: 'Peak 3 is a system peak' },
    });
    expect(edited.status).toBe(201);
    const answer = (await review(reviewer)).body;
    expect(answer.state).toBe('processed');
    expect(answer.results).toEqual([expect.objectContaining({ measurement_id: measurementId, version: 2 })]);
    expect(answer.signatures).toHaveLength(3);
    for (const signature of answer.signatures) {
      expect(signature.valid).toBe(false);
      expect(signature.status).toBe('superseded');
      expect(signature.invalid_reason).toBe(
        'Superseded by version 2: version 1 is kept as signed; version 2 needs its own signatures.',
      );
      expect(signature.results[0]).toMatchObject({ version: 1, valid: false, status: 'superseded' });
    }
    expect(answer.can_sign).toEqual(['reviewed', 'rejected']);
    // The moment is in the audit trail, in the transaction of the change, by whom.
    const superseded = await server.context.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entity', '=', 'signatures')
      .where('action', '=', 'supersede')
      .execute();
    expect(superseded).toHaveLength(1);
    expect(superseded[0]).toMatchObject({
      user_id: analyst.id,
      parent_id: String(measurementId),
      label: 'version 2 superseded signed version 1',
      new_values: { current_version: 2, status: 'superseded' },
    });
    // Pages open on the measurement hear that its review fell back.
    await eventually(() => watching.reviews().length === 1, { what: 'the superseding announced' });
    expect(watching.reviews()[0]).toMatchObject({ state: 'processed' });
    watching.close();
  });

  it('an administrator who integrated a version may not review it; a rejection needs and keeps its reason', async () => {
    const current = (await review(approver)).body.results[0].result_id;
    const edited = await request(base, 'POST', `/api/results/${current}/integration/`, {
      token: approver.access,
      body: { operation: 'delete', peak_number: 2, reason: 'Second peak is carry-over' },
    });
    expect(edited.status).toBe(201);
    expect((await review(approver)).body.can_sign).toEqual(['authored']);
    refused(await signAs(approver, 'reviewed'), 403, 'signature_own_work', { meaning: 'reviewed' });
    refused(await signAs(approver, 'rejected', 'x'), 403, 'signature_own_work', { meaning: 'rejected' });
    const rejected = await signAs(reviewer, 'rejected', 'Carry-over must be re-injected, not deleted');
    expect(rejected.status).toBe(201);
    expect(rejected.body.state).toBe('rejected');
    expect(rejected.body.signatures.at(-1)).toMatchObject({
      meaning: 'rejected',
      reason: 'Carry-over must be re-injected, not deleted',
      valid: true,
    });
    refused(await signAs(reviewer, 'reviewed'), 409, 'signature_state_invalid', {
      state: 'rejected',
      meaning: 'reviewed',
    });
  });

  it('a signed version cannot change in place: the database refuses a changed amount', async () => {
    const answer = (await review(reviewer)).body;
    const resultId = answer.results[0].result_id;
    await expect(
      server.context.database.db
        .updateTable('peaks')
        .set({ amount: 1.5, amount_unit: 'mg/L' })
        .where('result_id', '=', resultId)
        .where('number', '=', 1)
        .execute(),
    ).rejects.toThrow('record_signed_locked');
    const after = (await review(reviewer)).body;
    expect(after.state).toBe(answer.state);
    expect(after.signatures.at(-1)).toMatchObject({ status: 'valid', invalid_reason: null });
    // A change is a new version: the rejection is superseded and the result is processed again.
    const edited = await request(base, 'POST', `/api/results/${resultId}/integration/`, {
      token: analyst.access,
      body: { operation: 'delete', peak_number: 1, reason: 'Re-integrated after the rejection' },
    });
    expect(edited.status).toBe(201);
    const again = (await review(reviewer)).body;
    expect(again.state).toBe('processed');
    expect(again.signatures.at(-1)).toMatchObject({ meaning: 'rejected', status: 'superseded' });
  });

  it("announces a sequence's review on its channel: its signature, and an injection's new version", async () => {
    const imported = await upload(base, analyst.access, 'run.csv', syntheticCsv());
    expect(imported.status).toBe(201);
    const injected: number = imported.body.measurement_id;
    const { sequenceId } = await fileUnderSequence(server, analyst.id, [injected], 'Announced run');
    const watching = await listen(auditor, `sequences:${sequenceId}`);
    const signed = await request(base, 'POST', `/api/sequences/${sequenceId}/signatures/`, {
      token: approver.access,
      body: { meaning: 'reviewed', password: approver.password },
    });
    expect(signed.status).toBe(201);
    await eventually(() => watching.reviews().length === 1, { what: 'the signature announced' });
    expect(watching.reviews()[0]).toMatchObject({
      subject: { kind: 'sequence', id: sequenceId },
      state: 'reviewed',
    });
    // A manual integration of the sequence's injection replaces the signed version: the sequence hears it.
    const current = signed.body.results[0].result_id as number;
    const edited = await request(base, 'POST', `/api/results/${current}/integration/`, {
      token: analyst.access,
      body: { operation: 'delete', peak_number: 1, reason: 'A system peak' },
    });
    expect(edited.status).toBe(201);
    await eventually(() => watching.reviews().length === 2, { what: 'the superseding announced' });
    expect(watching.reviews()[1]).toMatchObject({
      subject: { kind: 'sequence', id: sequenceId },
      state: 'processed',
    });
    watching.close();
  });

  it('locks signing out after repeated wrong passwords, the right one included', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await sign(auditor, { meaning: 'authored', password: 'wrong' });
      // The auditor is refused for its role before any password is checked.
      expect(wrong.body.code).toBe('signature_not_permitted');
    }
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await sign(reviewer, { meaning: 'reviewed', password: 'wrong' })).status).toBe(403);
    const locked = await signAs(reviewer, 'reviewed');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 'throttled', detail: domainErrors.throttled });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps other workspaces out', async () => {
    const stranger = await signUp(base);
    expect((await review(stranger)).status).toBe(404);
    refused(await signAs(stranger, 'reviewed'), 404, 'measurement_not_found');
  });
});
