// docs/spec-coverage.md keeps one row per item of the specification's item list (shared/spec-items.md): no
// item missing or listed twice, every file a row names exists in the repository, and a row without a test
// says why (its status gives the reason); the summary's counts are the rows' statuses.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(`${root}docs/spec-coverage.md`, 'utf8');
const items = readFileSync(`${root}../shared/spec-items.md`, 'utf8');

/** The item ids of the specification's list, in order: `- **S4.12** …`. */
const itemIds = [...items.matchAll(/^- \*\*(S\d+\.\d+)\*\*/gm)].map((match) => match[1]!);

interface Row {
  id: string;
  where: string;
  test: string;
  status: string;
}

/** The table's rows (`| S1.1 | statement | where it lives | test that covers it | status |`). */
const rows: Row[] = doc
  .split('\n')
  .filter((line) => /^\|\s*S\d/.test(line))
  .map((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    return { id: cells[1]!, where: cells[3]!, test: cells[4]!, status: cells[5]! };
  });

/** The doc's shorthands: `server/` is apps/server/src/, `web/` apps/web/src/, `contracts/` packages/contracts/src/. */
const prefixes: Array<[string, string]> = [
  ['server/', 'apps/server/src/'],
  ['web/', 'apps/web/src/'],
  ['contracts/', 'packages/contracts/src/'],
];
const roots = ['apps/', 'packages/', 'e2e/', 'docs/', 'scripts/', 'bench/', '.ci/'];

/** A cited path as a repository path, or null when the quoted text is no path (a name, a route, a value). */
function repositoryPath(quoted: string): string | null {
  if (!/^[\w.@{},\-/*]+$/.test(quoted)) return null;
  for (const [short, long] of prefixes)
    if (quoted.startsWith(short)) return long + quoted.slice(short.length);
  return roots.some((start) => quoted.startsWith(start)) ? quoted : null;
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`. */
function expandBraces(path: string): string[] {
  const match = /\{([^}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]!
    .split(',')
    .flatMap((choice) =>
      expandBraces(path.slice(0, match.index) + choice + path.slice(match.index + match[0].length)),
    );
}

const quoted = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
const isTestFile = (path: string) => /\.(test|spec)\.tsx?$/.test(path);

describe('docs/spec-coverage.md', () => {
  it('reads the 115 items of the specification list', () => {
    expect(itemIds).toHaveLength(115);
    expect(new Set(itemIds).size).toBe(115);
  });

  it('has one row per item: none missing, none twice, none unknown', () => {
    const ids = rows.map((row) => row.id);
    const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(twice, 'rows listed twice').toEqual([]);
    expect(
      itemIds.filter((id) => !ids.includes(id)),
      'items without a row',
    ).toEqual([]);
    expect(
      ids.filter((id) => !itemIds.includes(id)),
      'rows of no item',
    ).toEqual([]);
    expect(ids).toEqual(itemIds);
  });

  it('names only files that exist in the repository', () => {
    const missing = rows.flatMap((row) =>
      [...quoted(row.where), ...quoted(row.test)].flatMap((text) => {
        const path = repositoryPath(text);
        if (!path) return [];
        return expandBraces(path)
          .filter((one) => !existsSync(root + one.replace(/\*.*$/, '')))
          .map((one) => `${row.id}: ${one}`);
      }),
    );
    expect(missing).toEqual([]);
  });

  it('names, for each item, where it lives and the test that covers it, or why there is none', () => {
    for (const row of rows) {
      expect(row.where, `${row.id}: where it lives`).not.toBe('');
      const tests = quoted(row.test)
        .flatMap((text) => repositoryPath(text) ?? [])
        .filter(isTestFile);
      // No test: the status says why (n/a, or partial with the reason).
      if (tests.length === 0)
        expect(row.status, `${row.id}: a reason for no test`).toMatch(/^(n\/a|partial) — \S/);
      else expect(row.status, row.id).toMatch(/^(done|partial|n\/a)\b/);
    }
  });

  it('sums the statuses in its summary', () => {
    const count = (status: string) => rows.filter((row) => row.status.startsWith(status)).length;
    const summary =
      /\*\*Summary:\*\* (\d+) items — (\d+) `done`, (\d+) `partial`, (\d+) `missing`, (\d+) `n\/a`/.exec(doc);
    expect(summary, 'the summary line').not.toBeNull();
    expect(summary!.slice(1).map(Number)).toEqual([
      rows.length,
      count('done'),
      count('partial'),
      count('missing'),
      count('n/a'),
    ]);
  });
});

describe('spec-coverage paths', () => {
  it('reads the shorthands and braces, and leaves names and routes alone', () => {
    expect(repositoryPath('server/version.ts')).toBe('apps/server/src/version.ts');
    expect(repositoryPath('web/lib/time.ts')).toBe('apps/web/src/lib/time.ts');
    expect(repositoryPath('contracts/errors.ts')).toBe('packages/contracts/src/errors.ts');
    expect(repositoryPath('e2e/tests/health.spec.ts')).toBe('e2e/tests/health.spec.ts');
    expect(repositoryPath('@sentry/browser')).toBeNull();
    expect(repositoryPath('GET /api/client-config/')).toBeNull();
    expect(repositoryPath('1.21.0')).toBeNull();
    expect(expandBraces('web/features/{methods,templates}/')).toEqual([
      'web/features/methods/',
      'web/features/templates/',
    ]);
  });
});
