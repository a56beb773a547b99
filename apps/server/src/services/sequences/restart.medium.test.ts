// A server restart in the middle of a sequence: the instrument is a standalone simulator on the device
// link (through a proxy with a stable address); the first server stops while an injection is recording, a
// second one starts on the same data, and the sequence finishes with every point of every injection.
import { DeviceClient, websocketConnector } from '@eluent/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { storeMethod } from '../../../test/sequences-fixtures.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';

const RUN_TIME_MIN = 2;
const INJECTIONS = 3;

describe.each(await backends())('sequence across a server restart on $name', (backend) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('finishes the sequence with every point of every injection', { timeout: scaled(120_000) }, async () => {
    const first: TestServer = await startTestServer({ backend });
    cleanup.push(() => first.dispose());
    const owner = await signUp(first.baseUrl);
    const proxy: TcpProxy = await startTcpProxy(Number(new URL(first.baseUrl).port));
    cleanup.push(() => proxy.close());
    const serialNumber = `RESTART-${process.pid}-${Date.now().toString(36)}`;
    const client = new DeviceClient({
      connect: websocketConnector(proxy.url),
      serialNumber,
      pairingCode: 'pair-1234',
      speed: 30,
      resendAfterMs: 500,
      chunkEveryMs: 250,
    });
    client.start();
    cleanup.push(() => client.stop());
    await client.waitFor(() => client.connected);
    const claim = await request(first.baseUrl, 'POST', '/api/devices/claim/', {
      token: owner.access,
      body: { serial_number: serialNumber, pairing_code: 'pair-1234' },
    });
    expect(claim.status).toBe(201);
    const deviceId = claim.body.id as number;
    await client.waitFor(() => client.instrument.componentState('detector') === 'ready');

    const api = (server: TestServer, method: string, path: string, body?: unknown) =>
      request(server.baseUrl, method, path, { token: owner.access, body });
    const methodId = await storeMethod(first, owner.id, { run_time_min: RUN_TIME_MIN });
    const sample = await api(first, 'POST', '/api/samples/', {
      name: 'Tea',
      device_id: deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    expect(sample.status).toBe(201);
    const sequence = await api(first, 'POST', '/api/sequences/', {
      name: 'Restart',
      device_id: deviceId,
      method_id: methodId,
    });
    const id = sequence.body.id as number;
    await api(first, 'POST', `/api/sequences/${id}/drafts/`, {
      sample_id: sample.body.id,
      vial: 3,
      injections_count: INJECTIONS,
    });
    const started = await api(first, 'POST', `/api/sequences/${id}/start/`);
    expect(started.body.state).toBe('RUNNING');

    // Stop while the second (or a later) injection is recording.
    let recording = 0;
    await eventually(async () => {
      const { injections } = (await api(first, 'GET', `/api/sequences/${id}/results/`)).body;
      recording = injections.filter((i: any) => i.measurement_state === 'recording').length;
      return injections.length >= 2 && recording > 0;
    });
    expect(recording).toBe(1);
    await first.stop();
    const second = await startTestServer({
      backend,
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    cleanup.push(() => second.stop());
    proxy.retarget(Number(new URL(second.baseUrl).port));

    await eventually(async () =>
      ['FINISHED', 'ERROR', 'STOPPED'].includes(
        (await api(second, 'GET', `/api/sequences/${id}/`)).body.state,
      ),
    );
    const finished = (await api(second, 'GET', `/api/sequences/${id}/`)).body;
    expect(finished.state, JSON.stringify(finished.error_code)).toBe('FINISHED');
    const results = (await api(second, 'GET', `/api/sequences/${id}/results/`)).body;
    expect(results.injections).toHaveLength(INJECTIONS);
    for (const injection of results.injections) {
      expect(injection.measurement_state).toBe('complete');
      // RUN_TIME_MIN at the simulator's 10 Hz, both ends included.
      expect(injection.points_count).toBe(RUN_TIME_MIN * 600 + 1);
      const data = await api(second, 'GET', `/api/measurements/${injection.measurement_id}/data/`);
      expect(data.body.signal).toHaveLength(RUN_TIME_MIN * 600 + 1);
      const steps = data.body.time_sec.slice(1).map((t: number, i: number) => t - data.body.time_sec[i]);
      expect(Math.max(...steps)).toBeCloseTo(0.1, 6);
      expect(injection.result).not.toBeNull();
    }
  });
});
