import { describe, expect, it } from 'vitest';
import { createAvailability, isConnectionError, retryWhileUnavailable } from './availability.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});

describe('isConnectionError', () => {
  it('tells a lost connection from a bad statement', () => {
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(adminShutdown)).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

describe('database availability', () => {
  it('goes down on a connection error, probes until the database answers, then lets waiters go', async () => {
    let answers = false;
    let probes = 0;
    const availability = createAvailability({
      firstDelayMs: 5,
      maxDelayMs: 20,
      probe: async () => {
        probes++;
        if (!answers) throw refused;
      },
    });
    let restored = 0;
    availability.onRestored(() => restored++);
    availability.report(new Error('syntax error'));
    expect(availability.up).toBe(true);
    availability.report(refused);
    expect(availability.up).toBe(false);
    let released = false;
    const waiting = availability.whenUp().then(() => (released = true));
    while (probes < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(released).toBe(false);
    answers = true;
    await waiting;
    expect(availability.up).toBe(true);
    expect(restored).toBe(1);
    availability.close();
  });

  it('runs a background step again once the database is back, and gives up on other errors', async () => {
    let down = true;
    const availability = createAvailability({
      firstDelayMs: 5,
      probe: async () => {
        if (down) throw refused;
      },
    });
    let attempts = 0;
    const step = retryWhileUnavailable(availability, async () => {
      attempts++;
      if (down) throw adminShutdown;
      return 'stored';
    });
    setTimeout(() => (down = false), 30);
    await expect(step).resolves.toBe('stored');
    expect(attempts).toBeGreaterThanOrEqual(2);
    await expect(
      retryWhileUnavailable(availability, async () => {
        throw new Error('bad statement');
      }),
    ).rejects.toThrow('bad statement');
    availability.close();
  });
});
