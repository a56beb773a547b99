// docs/roles.md and the privilege table (@eluent/contracts roles.ts) say the same: every row of the
// matrix names privileges whose roles are exactly the ticked columns, and every privilege has a row.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { privileges, workspaceRoles, type Privilege } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(fileURLToPath(new URL('../../../../../docs/roles.md', import.meta.url)), 'utf8');

/** Each matrix row: its privileges (`a.b` / `.c` shorthand expanded) and the roles ticked. */
function matrixRows(): Array<{ privileges: string[]; roles: string[] }> {
  const section = doc.split('## The matrix')[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && line.includes('`'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      const names = [...cells[3]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      const base = names[0]!.split('.')[0]!;
      const expanded = names.map((name) => (name.startsWith('.') ? `${base}${name}` : name));
      const roles = workspaceRoles.filter((_, index) => cells[4 + index] === '✓');
      return { privileges: expanded, roles: [...roles] };
    });
}

describe('docs/roles.md', () => {
  it('ticks exactly the roles of each privilege, and lists every privilege', () => {
    const rows = matrixRows();
    const listed = new Set<string>();
    for (const row of rows) {
      for (const name of row.privileges) {
        listed.add(name);
        expect(name in privileges, `${name} is a privilege`).toBe(true);
        expect([...privileges[name as Privilege]].sort(), name).toEqual([...row.roles].sort());
      }
    }
    expect([...listed].sort()).toEqual(Object.keys(privileges).sort());
  });
});
