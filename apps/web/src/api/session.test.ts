import { describe, expect, it, vi } from 'vitest';
import { createSession, type RefreshCall } from './session.ts';
import { memoryStorage } from '../lib/storage.ts';
import { fakeJwt } from '../test/fakes.ts';

const access = (n: number) => fakeJwt({ user_id: '7', email: 'ana@lab.test', n });

function setup(refreshCall: RefreshCall, start = 1_000_000) {
  let now = start;
  const storage = memoryStorage();
  const session = createSession({ storage, refreshCall, now: () => now });
  return { session, storage, advance: (ms: number) => (now += ms), now: () => now };
}

describe('session', () => {
  it('stores tokens with expiry = now + expires_in × 1000 under the global keys', () => {
    const { session, storage } = setup(vi.fn());
    session.save({ access: access(1), refresh: 'r1', expires_in: 300 });
    expect(storage.dump()).toEqual({
      'eluent:accessToken': access(1),
      'eluent:refreshToken': 'r1',
      'eluent:expiryTime': String(1_000_000 + 300_000),
    });
  });

  it('returns the token without refreshing while more than 5 s remain', async () => {
    const refreshCall = vi.fn<RefreshCall>();
    const { session, advance } = setup(refreshCall);
    session.save({ access: access(1), refresh: 'r1', expires_in: 60 });
    advance(54_000);
    expect(await session.getAccessToken()).toBe(access(1));
    expect(refreshCall).not.toHaveBeenCalled();
  });

  it('refreshes within 5 s of expiry with one request shared by concurrent callers', async () => {
    let release!: () => void;
    const refreshCall = vi.fn<RefreshCall>(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true, data: { access: access(2), refresh: 'r2', expires_in: 300 } });
        }),
    );
    const { session, storage, advance } = setup(refreshCall);
    session.save({ access: access(1), refresh: 'r1', expires_in: 60 });
    advance(55_500);
    const callers = [session.getAccessToken(), session.getAccessToken(), session.getAccessToken()];
    release();
    expect(await Promise.all(callers)).toEqual([access(2), access(2), access(2)]);
    expect(refreshCall).toHaveBeenCalledTimes(1);
    expect(refreshCall).toHaveBeenCalledWith('r1');
    expect(storage.getItem('eluent:refreshToken')).toBe('r2');
  });

  it('clears the access token and returns nothing when the refresh fails', async () => {
    const refreshCall = vi.fn<RefreshCall>(async () => ({ ok: false, status: 401 }));
    const { session, storage, advance } = setup(refreshCall);
    const listener = vi.fn();
    session.save({ access: access(1), refresh: 'r1', expires_in: 10 });
    session.subscribe(listener);
    advance(6_000);
    expect(await session.getAccessToken()).toBeNull();
    expect(storage.getItem('eluent:accessToken')).toBeNull();
    expect(session.current()).toBeNull();
    expect(listener).toHaveBeenLastCalledWith(null, null);
  });

  it('tells listeners the token and its decoded payload on save', () => {
    const { session } = setup(vi.fn());
    const listener = vi.fn();
    const stop = session.subscribe(listener);
    session.save({ access: access(1), refresh: 'r1', expires_in: 300 });
    expect(listener).toHaveBeenCalledWith(
      access(1),
      expect.objectContaining({ user_id: '7', email: 'ana@lab.test' }),
    );
    stop();
    session.save({ access: access(2), refresh: 'r2', expires_in: 300 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('logout clears access, refresh and expiry', () => {
    const { session, storage } = setup(vi.fn());
    session.save({ access: access(1), refresh: 'r1', expires_in: 300 });
    session.logout();
    expect(storage.dump()).toEqual({});
  });

  it('logout ends the session on the server with the refresh token it held', () => {
    const logoutCall = vi.fn(async () => undefined);
    const storage = memoryStorage();
    const session = createSession({ storage, refreshCall: vi.fn(), logoutCall });
    session.save({ access: access(1), refresh: 'r1', expires_in: 300 });
    session.logout();
    expect(logoutCall).toHaveBeenCalledWith('r1');
    expect(storage.dump()).toEqual({});
  });
});
