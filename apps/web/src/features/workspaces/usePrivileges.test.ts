import { describe, expect, it } from 'vitest';
import { privileges, workspaceRoles, type Privilege } from '@eluent/contracts';
import { canWith } from './usePrivileges.ts';

describe('canWith', () => {
  it('answers the privilege table of packages/contracts for every role and privilege', () => {
    for (const role of workspaceRoles) {
      const can = canWith(role);
      for (const [privilege, roles] of Object.entries(privileges)) {
        expect(can(privilege as Privilege), `${role} ${privilege}`).toBe(
          (roles as readonly string[]).includes(role),
        );
      }
    }
  });

  it('offers the action while the role is not known yet: the server decides', () => {
    expect(canWith(null)('sequences.create')).toBe(true);
  });

  it('keeps a reader from changing data', () => {
    expect(canWith('auditor')('results.process')).toBe(false);
    expect(canWith('reviewer')('sequences.run')).toBe(false);
    expect(canWith('reviewer')('results.review')).toBe(true);
  });
});
