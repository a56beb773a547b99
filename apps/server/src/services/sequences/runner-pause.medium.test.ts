// A pause that lands between two injections, after the runner's step has last read the sequence RUNNING and
// before it starts the next injection: the step starts nothing (docs/sequences.md "Run"). The interleaving is
// made exact rather than hoped for: the step runs here, over the server's own database, with an instrument
// port that records what it is sent, and the pause is requested through the REST API at that very moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunsRepository } from '../../repositories/sequences-runs.ts';
import { createSamplesRepository } from '../../repositories/samples.ts';
import { createSequencesRepository, type SequencesRepository } from '../../repositories/sequences.ts';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import type { InstrumentPort } from './instrument-port.ts';
import { createAdvance } from './runner-advance.ts';
import { createRunProgress } from './runner-progress.ts';

describe.each(await backends())('a pause between injections on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, {
      // The server's own reconciler stays away from the sequence this file steps by hand.
      env: { ELUENT_RECONCILE_INTERVAL_SEC: '3600' },
    }));
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('starts no injection when the pause commits after the step last read RUNNING', async () => {
    const db = server.context.database.db;
    const methodId = await storeMethod(server, userId);
    const sample = await api('POST', '/api/samples/', {
      name: 'Coffee',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    expect(sample.status).toBe(201);
    const created = await api('POST', '/api/sequences/', {
      name: 'Paused between injections',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const draft = await api('POST', `/api/sequences/${id}/drafts/`, { sample_id: sample.body.id, vial: 8 });
    expect(draft.status).toBe(201);
    // RUNNING as a start leaves it, its next injection not started yet (the step below starts it).
    const startedAt = new Date();
    await db
      .updateTable('sequences')
      .set({
        state: 'RUNNING',
        started_at: startedAt,
        started_by: userId,
        current_draft_id: draft.body.id as number,
        current_injection_id: null,
      })
      .where('id', '=', id)
      .execute();

    const repository = createSequencesRepository(db);
    const runs = createRunsRepository(db);
    // The instrument answered ready: the step's next read of the sequence is its last before the injection.
    let ready = false;
    let paused: { status: number; body: Record<string, unknown> } | undefined;
    const sequences: SequencesRepository = {
      ...repository,
      async byId(sequenceId) {
        const row = await repository.byId(sequenceId);
        if (ready && !paused) paused = await api('POST', `/api/sequences/${sequenceId}/pause/`);
        return row;
      },
    };
    const sent: unknown[] = [];
    const port: InstrumentPort = {
      availability() {
        ready = true;
        return Promise.resolve({ online: true, busy: false });
      },
      runInjection(_deviceId, params) {
        sent.push(params);
        return Promise.resolve();
      },
      command: () => Promise.resolve(),
      onRunFinished: () => undefined,
      onConnectionChange: () => undefined,
    };
    const advance = createAdvance({
      sequences,
      samples: createSamplesRepository(db),
      runs,
      port,
      logger: server.context.services.logger,
      readyWaitMs: 1000,
      progress: createRunProgress({ sequences, runs, publish: () => undefined }),
      interruptions: () => {
        throw new Error('no injection was sent, so none is interrupted');
      },
    });

    await advance(id);
    expect(paused?.status, JSON.stringify(paused?.body)).toBe(200);
    expect(paused?.body.state).toBe('PAUSED');
    // Nothing reached the instrument and no injection was recorded: the paused sequence waits for Resume.
    expect(sent).toEqual([]);
    expect(await runs.injectionsOfRun(id, startedAt)).toEqual([]);
    const after = (await api('GET', `/api/sequences/${id}/`)).body;
    expect(after).toMatchObject({ state: 'PAUSED', current_injection_id: null });
  });
});
