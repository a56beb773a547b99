import { describe, expect, it } from 'vitest';
import { memoryStorage } from './storage.ts';
import { lastLocationOf, rememberLocation } from './lastLocation.ts';
import { takeUpdateNotice } from './appVersionNotice.ts';

describe('last location (spec §3)', () => {
  it('remembers the last /app address of the user under the global key', () => {
    const storage = memoryStorage();
    rememberLocation(storage, '7', '/app/chromatograms/12?x=1#top');
    rememberLocation(storage, '7', '/'); // leaving the app keeps the last app address
    expect(lastLocationOf(storage, '7')).toBe('/app/chromatograms/12?x=1#top');
    expect(Object.keys(storage.dump())).toEqual(['eluent:lastLocation']);
  });

  it("does not send another user to someone else's address", () => {
    const storage = memoryStorage();
    rememberLocation(storage, '7', '/app/methods/3');
    expect(lastLocationOf(storage, '8')).toBeNull();
    expect(lastLocationOf(memoryStorage(), '7')).toBeNull();
  });

  it('ignores a stored value that is not an app address', () => {
    const storage = memoryStorage();
    storage.setItem(
      'eluent:lastLocation',
      JSON.stringify({ userId: '7', path: 'https://elsewhere.example/' }),
    );
    expect(lastLocationOf(storage, '7')).toBeNull();
  });
});

describe('last used app version (spec §3)', () => {
  it('says nothing on a first visit, once after an update, then nothing', () => {
    const storage = memoryStorage();
    expect(takeUpdateNotice(storage, '1.21.0')).toBeNull();
    expect(storage.dump()['eluent:lastUsedAppVersion']).toBe('1.21.0');
    expect(takeUpdateNotice(storage, '1.21.0')).toBeNull();
    expect(takeUpdateNotice(storage, '1.22.0')).toBe('Eluent was updated to 1.22.0');
    expect(takeUpdateNotice(storage, '1.22.0')).toBeNull();
  });
});
