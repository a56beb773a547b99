import { describe, expect, it } from 'vitest';
import { compareVersions, INVALID_VERSION_MESSAGE, isServerVersionGreater } from './version.ts';

describe('isServerVersionGreater', () => {
  it('is true only when the server is newer', () => {
    expect(isServerVersionGreater('1.22.0', '1.21.0')).toBe(true);
    expect(isServerVersionGreater('2.0.0', '1.99.99')).toBe(true);
    expect(isServerVersionGreater('1.21.1', '1.21.0')).toBe(true);
    expect(isServerVersionGreater('1.21.0', '1.21.0')).toBe(false);
    expect(isServerVersionGreater('1.20.9', '1.21.0')).toBe(false);
    expect(isServerVersionGreater('1.10.0', '1.9.0')).toBe(true);
  });

  it('orders pre-releases by semver precedence', () => {
    expect(isServerVersionGreater('1.21.0', '1.21.0-10')).toBe(true);
    expect(isServerVersionGreater('1.21.0-11', '1.21.0-10')).toBe(true);
    expect(isServerVersionGreater('1.21.0-10', '1.21.0-9')).toBe(true);
    expect(isServerVersionGreater('1.21.0-9', '1.21.0-10')).toBe(false);
    expect(compareVersions('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
    expect(compareVersions('1.0.0-alpha.beta', '1.0.0-beta')).toBe(-1);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0.0+build.5', '1.0.0')).toBe(0);
  });

  it('compares dev builds by inequality', () => {
    expect(isServerVersionGreater('devabcd1234', 'devabcd1234')).toBe(false);
    expect(isServerVersionGreater('devabcd1234', 'dev_0000000')).toBe(true);
    expect(isServerVersionGreater('devabcd1234', '1.21.0')).toBe(true);
  });

  it('refuses what is not semver with the spec message', () => {
    expect(() => isServerVersionGreater('latest', '1.21.0')).toThrow(INVALID_VERSION_MESSAGE);
    expect(() => isServerVersionGreater('1.21', '1.21.0')).toThrow(
      'Version is invalid! Should be a valid semver version!',
    );
    expect(() => isServerVersionGreater('devabc', '1.21.0')).toThrow(INVALID_VERSION_MESSAGE);
  });
});
