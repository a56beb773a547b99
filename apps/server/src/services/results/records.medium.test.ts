// Record numbers without gaps per workspace: sequences numbered in their insert (also when created at once
// and when an insert rolls back), issued reports numbered and audited, each workspace counting on its own.
import { sequenceReportSchema } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

describe.each(await backends('both'))('record numbers on $name', (backend) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
  });
  afterAll(async () => server?.dispose());

  /** An instrument of the user's workspace (provisioned, not connected: creating sequences needs one). */
  async function instrumentOf(userId: number): Promise<number> {
    const device = await server.context.services.devices.registry.provision({
      serialNumber: `REC-${userId}`,
      pairingCode: `code-${userId}`,
      name: 'Register HPLC',
      ownerId: userId,
    });
    return device.id;
  }

  const numbers = async (workspaceId: number) =>
    (
      await server.context.database.db
        .selectFrom('sequence_records')
        .select('number')
        .where('workspace_id', '=', workspaceId)
        .orderBy('number')
        .execute()
    ).map((row) => row.number);

  it('numbers sequences 1, 2, 3 … per workspace, concurrent ones and rolled-back ones leaving no gap', async () => {
    const [first, second] = await Promise.all([signUp(base), signUp(base)]);
    const devices = new Map([
      [first.access, await instrumentOf(first.id)],
      [second.access, await instrumentOf(second.id)],
    ]);
    const create = (token: string, name: string) =>
      request(base, 'POST', '/api/sequences/', { token, body: { name, device_id: devices.get(token) } });
    const created = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) => create(first.access, `Run ${name}`)),
    );
    for (const answer of created) expect(answer.status).toBe(201);
    const workspace = await workspaceOf(server.context.database.db, first.id);
    expect(await numbers(workspace)).toEqual([1, 2, 3, 4, 5]);

    // An insert whose transaction rolls back gives its number back.
    const db = server.context.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sequences')
          .values({ name: 'Rolled back', owner_id: first.id, workspace_id: workspace })
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await create(first.access, 'After the rollback')).status).toBe(201);
    expect(await numbers(workspace)).toEqual([1, 2, 3, 4, 5, 6]);

    // Another workspace counts from 1; a deleted sequence keeps its number in the register.
    const other = await create(second.access, 'Elsewhere');
    expect(await numbers(await workspaceOf(db, second.id))).toEqual([1]);
    expect(
      (await request(base, 'DELETE', `/api/sequences/${other.body.id}/`, { token: second.access })).status,
    ).toBe(204);
    expect((await create(second.access, 'Next')).status).toBe(201);
    expect(await numbers(await workspaceOf(db, second.id))).toEqual([1, 2]);
  });

  it('issues reports with the next report number, audited; GET reads without issuing', async () => {
    const user = await signUp(base);
    const sequence = await request(base, 'POST', '/api/sequences/', {
      token: user.access,
      body: { name: 'Issued', device_id: await instrumentOf(user.id) },
    });
    expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
    const issue = () =>
      request(base, 'POST', `/api/reports/sequence/${sequence.body.id}/`, { token: user.access });
    const [one, two] = [await issue(), await issue()];
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.record.report_number).toBe(1);
    expect(two.body.record.report_number).toBe(2);
    expect(one.body.sequence_number).toBe(1);
    expect(one.body.record.issued_at).toMatch(/Z$/);
    // The issued report is what contracts say a report is (rest/reports.ts), its review included.
    expect(sequenceReportSchema.strict().safeParse(one.body).error).toBeUndefined();
    const read = await request(base, 'GET', `/api/reports/sequence/${sequence.body.id}/`, {
      token: user.access,
    });
    expect(read.body.record).toBeUndefined();
    expect((await issue()).body.record.report_number).toBe(3);
    const events = await server.context.database.db
      .selectFrom('auditEvents')
      .select(['action', 'label', 'user_id'])
      .where('entity', '=', 'reports')
      .where('user_id', '=', user.id)
      .orderBy('chain_seq')
      .execute();
    expect(events).toEqual([
      { action: 'issue', label: 'Report 1', user_id: user.id },
      { action: 'issue', label: 'Report 2', user_id: user.id },
      { action: 'issue', label: 'Report 3', user_id: user.id },
    ]);
    const stranger = await signUp(base);
    const refused = await request(base, 'POST', `/api/reports/sequence/${sequence.body.id}/`, {
      token: stranger.access,
    });
    expect(refused.status).toBe(404);
  });
});
