// The audit chain anchored outside the database, on PGlite and PostgreSQL: signed checkpoints of its head are
// appended to the lab's file at start, at the interval and at shutdown, printed on reports, and the
// verification compares the chain with them, so a chain rewritten from its first event, every hash
// recomputed consistently, is found, and so is a checkpoint file altered after it was signed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditChainStatusSchema } from '@eluent/contracts';
import { sql } from 'kysely';
import { eventually } from '../../../test/eventually.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { createRecordSigner } from '../tokens.ts';
import { sha256Hex, verifyAuditChain } from './verification.ts';

interface Line {
  chain_seq: number;
  head_hash: string;
  created_at: string;
  reason: string;
  signature: string;
}

const linesOf = (file: string): Line[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);

describe.each(await backends('both'))('audit chain checkpoints on $name', (backend) => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;
  let file: string;
  const folder = mkdtempSync(join(tmpdir(), 'eluent-checkpoints-'));
  const db = () => server.context.database.db;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token: user.access, body });

  beforeAll(async () => {
    file = join(folder, 'kept', 'audit-checkpoints.jsonl');
    server = await startTestServer({
      backend,
      env: { ELUENT_AUDIT_CHECKPOINT_FILE: file, ELUENT_AUDIT_CHECKPOINT_INTERVAL_SEC: '1' },
    });
    user = await signUp(server.baseUrl);
  });
  afterAll(async () => {
    await server?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes a signed checkpoint at start, and one at the interval once the head moved', async () => {
    const [first] = linesOf(file);
    expect(first).toMatchObject({ reason: 'start' });
    const signer = createRecordSigner(server.context.config.secret, 'eluent-audit-checkpoint');
    expect(await signer.verify(first!.signature)).toMatchObject({
      chain_seq: first!.chain_seq,
      head_hash: first!.head_hash,
    });
    await writeAudit(db(), { userId: user.id, entity: 'methods', entityId: 1, action: 'update', label: 'A' });
    await writeAudit(db(), { userId: user.id, entity: 'samples', entityId: 2, action: 'delete', label: 'B' });
    const head = await db()
      .selectFrom('auditChainHead')
      .select(['last_seq', 'last_hash'])
      .executeTakeFirstOrThrow();
    await eventually(
      () =>
        linesOf(file).find((line) => line.reason === 'interval' && line.chain_seq >= Number(head.last_seq)),
      { what: 'an interval checkpoint at the chain head', deadline: 15_000 },
    );
    const status = await api('GET', '/api/audit/verification/');
    expect(auditChainStatusSchema.strict().safeParse(status.body).error).toBeUndefined();
    expect(status.body).toMatchObject({ valid: true, first_broken: null, checkpoint: { problem: null } });
    expect(status.body.checkpoint.checked).toBeGreaterThanOrEqual(2);
  });

  it('prints the latest checkpoint on a report', async () => {
    const device = await server.context.services.devices.registry.provision({
      serialNumber: 'SIM-ANCHOR',
      pairingCode: 'pairing-anchor',
      name: 'Test HPLC',
      ownerId: user.id,
    });
    const sequence = await api('POST', '/api/sequences/', {
      name: 'Anchored',
      device_id: device.id,
    });
    expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
    // Checkpoints go on being written at the interval: the report prints the one that was latest when it was
    // made — the last line before the request, or one written while it was answered.
    const before = linesOf(file).length;
    const report = await api('GET', `/api/reports/sequence/${sequence.body.id}/`);
    expect(report.status).toBe(200);
    const candidates = linesOf(file)
      .slice(Math.max(0, before - 1))
      .map((line) => ({ chain_seq: line.chain_seq, head_hash: line.head_hash, created_at: line.created_at }));
    expect(candidates).toContainEqual(report.body.audit_checkpoint);
  });

  it('finds a chain rewritten consistently from its first event, by the checkpoint', async () => {
    const anchored = linesOf(file).at(-1)!;
    expect(anchored.chain_seq).toBeGreaterThanOrEqual(2);
    // As someone with the database's owner role would: triggers off, the first event changed, every
    // prev_hash and hash after it recomputed in order, and the chain head moved to the new last hash.
    await db()
      .connection()
      .execute(async (connection) => {
        await sql`set session_replication_role = replica`.execute(connection);
        await sql`update "auditEvents" set label = 'Forged' where chain_seq = 1`.execute(connection);
        const seqs = await sql<{
          chain_seq: number;
        }>`select chain_seq from "auditEvents" order by chain_seq`.execute(connection);
        let previous = '0'.repeat(64);
        for (const { chain_seq: seq } of seqs.rows) {
          await sql`update "auditEvents" set prev_hash = ${previous} where chain_seq = ${seq}`.execute(
            connection,
          );
          const canonical = await sql<{
            text: string;
          }>`select audit_event_canonical(e) as text from "auditEvents" e where chain_seq = ${seq}`.execute(
            connection,
          );
          previous = sha256Hex(canonical.rows[0]!.text);
          await sql`update "auditEvents" set hash = ${previous} where chain_seq = ${seq}`.execute(connection);
        }
        await sql`update "auditChainHead" set last_hash = ${previous} where id = 1`.execute(connection);
        await sql`set session_replication_role = origin`.execute(connection);
      });
    // The chain alone holds together: every link, every hash and the head agree.
    expect(await verifyAuditChain(db())).toMatchObject({ valid: true, first_broken: null });

    const status = await api('GET', '/api/audit/verification/');
    expect(status.status).toBe(200);
    expect(auditChainStatusSchema.strict().safeParse(status.body).error).toBeUndefined();
    const firstAnchor = linesOf(file).findIndex((line) => line.chain_seq >= 1);
    const broken = linesOf(file)[firstAnchor]!;
    expect(status.body).toMatchObject({
      valid: false,
      first_broken: { chain_seq: broken.chain_seq, problem: 'checkpoint' },
      checkpoint: { problem: 'differs', line: firstAnchor + 1 },
    });
  });

  it('writes a checkpoint at shutdown', async () => {
    const before = linesOf(file).length;
    await server.stop();
    // The interval writer (1 s here) may still add a line between counting and stopping: the shutdown
    // line is the last, written once, after any of those.
    const added = linesOf(file).slice(before);
    expect(added.map((line) => line.reason)).toEqual([
      ...added.slice(0, -1).map(() => 'interval'),
      'shutdown',
    ]);
  });
});

describe.each(await backends())('a tampered checkpoint file on $name', (backend) => {
  let server: TestServer;
  let file: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    file = server.context.checkpoints.file;
  });
  afterAll(async () => server?.dispose());

  it('is reported with the line whose signature does not hold', async () => {
    const user = await signUp(server.baseUrl);
    await server.context.checkpoints.write('interval');
    const lines = linesOf(file);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const valid = await request(server.baseUrl, 'GET', '/api/audit/verification/', { token: user.access });
    expect(valid.body).toMatchObject({ valid: true, checkpoint: { problem: null, checked: lines.length } });

    // A field changed under its signature.
    const edited = [{ ...lines[0]!, chain_seq: lines[0]!.chain_seq + 1 }, ...lines.slice(1)];
    writeFileSync(file, edited.map((line) => JSON.stringify(line)).join('\n') + '\n');
    const status = await request(server.baseUrl, 'GET', '/api/audit/verification/', { token: user.access });
    expect(auditChainStatusSchema.strict().safeParse(status.body).error).toBeUndefined();
    expect(status.body).toMatchObject({
      valid: false,
      first_broken: null,
      checkpoint: { problem: 'bad_signature', line: 1, checked: lines.length - 1 },
    });

    // A whole checkpoint signed with another key (another server's secret).
    const other = createRecordSigner(
      'another server secret, at least 32 characters',
      'eluent-audit-checkpoint',
    );
    const { signature: _dropped, ...fields } = lines[1]!;
    const foreign = { ...fields, signature: await other.sign(fields) };
    writeFileSync(
      file,
      [lines[0], foreign, ...lines.slice(2)].map((line) => JSON.stringify(line)).join('\n') + '\n',
    );
    const again = await request(server.baseUrl, 'GET', '/api/audit/verification/', { token: user.access });
    expect(again.body).toMatchObject({ valid: false, checkpoint: { problem: 'bad_signature', line: 2 } });
  });
});
