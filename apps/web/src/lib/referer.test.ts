import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginPathFor } from './referer.ts';

const origin = 'http://127.0.0.1:8080';

describe('referer', () => {
  it('encodes the full current address', () => {
    expect(loginPathFor(`${origin}/app/devices/?x=1#top`)).toBe(
      '/auth/login?referer=http%3A%2F%2F127.0.0.1%3A8080%2Fapp%2Fdevices%2F%3Fx%3D1%23top',
    );
  });

  it('returns to a referer of this site with its query and hash', () => {
    expect(afterSignInPath(`${origin}/app/methods/?page=2#x`, origin)).toBe('/app/methods/?page=2#x');
  });

  it('refuses foreign origins and defaults to the cabinet', () => {
    expect(afterSignInPath('https://evil.example/app/', origin)).toBe('/app/devices/');
    expect(afterSignInPath(null, origin)).toBe('/app/devices/');
    expect(afterSignInPath(`${origin}/auth/login/`, origin)).toBe('/app/devices/');
  });
});
