// `eluent/type-errors` (scripts/eslint-type-errors.mjs): lint reports the compiler's errors of a file through
// the real configuration, so a fresh `npm test` type-checks every file in its lint.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

async function typeErrors(path: string, append: string): Promise<string[]> {
  const filePath = join(root, path);
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(`${readFileSync(filePath, 'utf8')}${append}`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'eluent/type-errors')
    .map((message) => message.message);
}

describe('eluent/type-errors', () => {
  it("reports the compiler's error in the file's own project, and nothing for the file as it is", async () => {
    const path = 'packages/contracts/src/index.ts';
    expect(await typeErrors(path, '')).toEqual([]);
    const wrongType = await typeErrors(path, '\nexport const notANumber: number = "text";\n');
    expect(wrongType).toHaveLength(1);
    expect(wrongType[0]).toMatch(/^TS2322: Type 'string' is not assignable to type 'number'/);
    // contracts see no Node: a Node global is an error there.
    const nodeGlobal = await typeErrors(path, '\nexport const cwd = process.cwd();\n');
    expect(nodeGlobal).toHaveLength(1);
    expect(nodeGlobal[0]).toMatch(/^TS\d+: Cannot find name 'process'/);
  });
});
