// A finished injection whose signal cannot be processed keeps the failure on record: the sequence's
// results show the catalogue text with the injection, never a raw code, and no result is invented.
import { domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { fileUnderSequence } from '../../../test/results-fixtures.ts';
import { eventually } from '../../../test/eventually.ts';
import { workspaceOf } from '../../../test/workspaces.ts';
import { chunkRow } from '../../repositories/measurement-chunks.ts';

describe.each(await backends())('a processing failure of an injection on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const user = await signUp(server.baseUrl);
    token = user.access;
    userId = user.id;
  });
  afterAll(async () => server?.dispose());

  it('is recorded with the injection and shown on the sequence as catalogue text', async () => {
    const { db } = server.context.database;
    // The instrument finished the run but only two points reached the server: too short to process.
    const measurement = await db
      .insertInto('measurements')
      .values({
        owner_id: userId,
        workspace_id: await workspaceOf(db, userId),
        name: 'Cut off',
        source: 'device',
        state: 'complete',
        points_count: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('measurement_chunks')
      .values(
        chunkRow({
          measurementId: measurement.id,
          chunkIndex: 0,
          timeSec: [0, 1],
          signal: [0, 1],
          pressureBar: null,
        }),
      )
      .execute();
    const { sequenceId, injectionIds } = await fileUnderSequence(server, userId, [measurement.id]);
    server.context.services.devices.emit('injectionFinished', {
      deviceId: 0,
      measurementId: measurement.id,
      injectionId: injectionIds[0]!,
      result: 'completed',
      errorCode: null,
      pointsCount: 2,
    });

    let injection: any;
    await eventually(async () => {
      const results = await request(server.baseUrl, 'GET', `/api/sequences/${sequenceId}/results/`, {
        token,
      });
      injection = results.body.injections[0];
      return injection?.processing_error !== null && injection?.processing_error !== undefined;
    });
    expect(injection.processing_error).toEqual({
      code: 'processing_general_error',
      detail: domainErrors.processing_general_error,
    });
    expect(injection.result).toBeNull();
  });
});
