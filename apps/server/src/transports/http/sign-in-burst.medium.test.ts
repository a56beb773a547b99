// A burst of sign-ins waits in the password-hashing pool (ELUENT_PASSWORD_HASH_THREADS) instead of starving
// the server: every hash runs on the pool's own threads, and health answers while the sign-ins are still
// queued. Only the order of answers is asserted, never how long anything took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { eventually, scaled } from '../../../test/eventually.ts';

const SIGN_INS = 16;

describe.each(await backends())('a burst of sign-ins on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    // One hashing thread at a cost that makes each hash real work (2^15: 32 MiB).
    server = await startTestServer({
      backend,
      env: { ELUENT_PASSWORD_HASH_THREADS: '1' },
    });
  });
  afterAll(async () => server?.dispose());

  it('queues on the hashing threads while health keeps answering between the sign-ins', async () => {
    const user = await signUp(server.baseUrl);
    const hasher = server.context.passwords;
    expect(hasher.stats().threads).toBe(1);
    const before = hasher.stats().completed;

    const events: string[] = [];
    let settled = 0;
    const signIns = Array.from({ length: SIGN_INS }, (_, k) =>
      request(server.baseUrl, 'POST', '/api/token/', {
        body: { username: user.email, password: k % 4 === 3 ? 'wrong horse battery' : user.password },
      }).then((answer) => {
        events.push(`sign-in ${answer.status}`);
        settled++;
        return answer;
      }),
    );
    // The hashes wait in the pool's queue, not on the event loop.
    const queued = await eventually(() => hasher.stats().queued > 0 && hasher.stats().queued, {
      what: 'sign-ins waiting in the hashing queue',
      deadline: scaled(10_000),
    });
    expect(queued).toBeGreaterThan(0);
    // Health is asked one request after another until every sign-in has answered.
    while (settled < SIGN_INS) {
      const health = await request(server.baseUrl, 'GET', '/api/health/');
      expect(health.status).toBe(200);
      events.push('health');
    }
    const answers = await Promise.all(signIns);
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(SIGN_INS - SIGN_INS / 4).fill(200),
      ...Array<number>(SIGN_INS / 4).fill(401),
    ]);
    // Every sign-in's hash ran on the pool (a wrong password costs the same hash).
    expect(hasher.stats().completed - before).toBe(SIGN_INS);
    // Health answered while sign-ins were still waiting: after the first sign-in answer and before the last.
    const first = events.findIndex((event) => event.startsWith('sign-in'));
    const last = events.findLastIndex((event) => event.startsWith('sign-in'));
    const between = events.slice(first, last).filter((event) => event === 'health').length;
    console.log(`sign-in burst: ${SIGN_INS} sign-ins, ${between} health answers between the first and last`);
    expect(between).toBeGreaterThan(0);
  });
});
