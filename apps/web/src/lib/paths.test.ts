import { describe, expect, it } from 'vitest';
import { isActive, within } from './paths.ts';

describe('within', () => {
  it('takes the prefix itself, with or without a trailing slash, in any case', () => {
    expect(within('/auth/login/', '/auth/login')).toBe(true);
    expect(within('/auth/login', '/auth/login')).toBe(true);
    expect(within('/Auth/Login/', '/auth/login')).toBe(true);
  });
  it('takes addresses below the prefix but not ones that only start with its letters', () => {
    expect(within('/app/methods/12', '/app')).toBe(true);
    expect(within('/application', '/app')).toBe(false);
    expect(within('/auth/verify-email/', '/auth')).toBe(true);
  });
  it('reads the root only as the root', () => {
    expect(within('/', '/')).toBe(true);
    expect(within('/hardware/', '/')).toBe(false);
  });
});

describe('isActive', () => {
  it('marks the link of the page shown and, without end, of the pages below it', () => {
    expect(isActive('/hardware/', '/hardware/', false)).toBe(true);
    expect(isActive('/hardware/pumps', '/hardware/', false)).toBe(true);
    expect(isActive('/contact/', '/hardware/', false)).toBe(false);
  });
  it('marks Home (end) only on the home page', () => {
    expect(isActive('/', '/', true)).toBe(true);
    expect(isActive('/hardware/', '/', true)).toBe(false);
  });
  it('ignores case and the query of the link', () => {
    expect(isActive('/Auth/Login/', '/auth/login/?referer=x', true)).toBe(true);
  });
});
