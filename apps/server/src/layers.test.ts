// The layer rule of docs/architecture.md as eslint.config.js states it: each fixture import is checked with
// the import restrictions the real configuration gives that folder.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = '@typescript-eslint/no-restricted-imports';

/** The restriction messages `source` gets as the file `path` of the repository (from `ruleName`). */
async function refusals(path: string, source: string, ruleName = RULE): Promise<string[]> {
  const filename = join(root, path);
  const config = (await eslint.calculateConfigForFile(filename)) as { rules?: Record<string, unknown> };
  const rule = config.rules?.[ruleName];
  if (!rule) return [];
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    source,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { '@typescript-eslint': tseslint.plugin },
        rules: { [ruleName]: rule as Linter.RuleEntry },
      },
    ],
    { filename },
  );
  return messages.map((message) => message.message);
}

describe('server layers', () => {
  it('keeps transports off repositories, db/, SQL and the composition root; they name services/index.ts', async () => {
    const file = 'apps/server/src/transports/http/fixture.ts';
    expect(await refusals(file, "import { x } from '../../repositories/users.ts';")).toHaveLength(1);
    expect(await refusals(file, "import { x } from '../../db/database.ts';")).toHaveLength(1);
    expect(await refusals(file, "import { sql } from 'kysely';")).toHaveLength(1);
    expect(await refusals(file, "import { compose } from '../../compose.ts';")).toHaveLength(1);
    expect(await refusals(file, "import type { Services } from '../../compose.ts';")).toHaveLength(1);
    expect(await refusals(file, "import type { Services } from '../../services/index.ts';")).toEqual([]);
    expect(await refusals(file, "import { x } from '../../services/accounts.ts';")).toEqual([]);
  });

  it('keeps services off transports and the composition root', async () => {
    const file = 'apps/server/src/services/sequences/fixture.ts';
    expect(await refusals(file, "import { x } from '../../transports/http/body.ts';")).toHaveLength(1);
    expect(await refusals(file, "import type { x } from '../../transports/realtime/hub.ts';")).toHaveLength(
      1,
    );
    expect(await refusals(file, "import { x } from '../../compose.ts';")).toHaveLength(1);
    expect(await refusals(file, "import { x } from '../../repositories/sequences.ts';")).toEqual([]);
  });

  it('keeps the configuration and the making of Redis clients out of services', async () => {
    const file = 'apps/server/src/services/devices/fixture.ts';
    expect(await refusals(file, "import type { Config } from '../../config.ts';")).toHaveLength(1);
    expect(await refusals(file, "import { createRedisClients } from '../../redis-clients.ts';")).toHaveLength(
      1,
    );
    expect(await refusals(file, "import { Redis } from 'ioredis';")).toHaveLength(1);
    expect(await refusals(file, "import type { Redis } from 'ioredis';")).toEqual([]);
  });

  it('keeps rules, permissions and their refusals out of repositories', async () => {
    const file = 'apps/server/src/repositories/graphql/fixture.ts';
    expect(await refusals(file, "import { AppError } from '../../errors.ts';")).toHaveLength(1);
    expect(await refusals(file, "import { x } from '../../services/graphql/access.ts';")).toHaveLength(1);
    expect(await refusals(file, "import { x } from '../../lib/method-configuration.ts';")).toHaveLength(1);
    expect(await refusals(file, "import { ruleRefusal } from '../../lib/graphql-errors.ts';")).toEqual([]);
  });

  it('keeps repositories off services and transports, and db/ and lib/ off every layer', async () => {
    expect(
      await refusals('apps/server/src/repositories/fixture.ts', "import { x } from '../services/tokens.ts';"),
    ).toHaveLength(1);
    expect(
      await refusals(
        'apps/server/src/repositories/graphql/fixture.ts',
        "import { x } from '../../transports/graphql/routes.ts';",
      ),
    ).toHaveLength(1);
    expect(
      await refusals('apps/server/src/db/fixture.ts', "import { x } from '../repositories/users.ts';"),
    ).toHaveLength(1);
    expect(
      await refusals('apps/server/src/lib/fixture.ts', "import { x } from '../db/schema.ts';"),
    ).toHaveLength(1);
    expect(await refusals('apps/server/src/lib/fixture.ts', "import { x } from './codes.ts';")).toEqual([]);
  });

  it('refuses a relative import into another workspace everywhere', async () => {
    const core = 'no-restricted-imports';
    const across = "import { x } from '../../../packages/signal/src/index.ts';";
    for (const file of [
      'apps/server/src/compose.ts',
      'apps/web/src/print/fixture.ts',
      'packages/contracts/src/fixture.ts',
      'packages/signal/test/fixture.ts',
      'e2e/tests/fixture.spec.ts',
      'bench/fixture.bench.ts',
    ]) {
      expect(await refusals(file, across, core), file).toHaveLength(1);
    }
    expect(
      await refusals('bench/fixture.bench.ts', "import { x } from '@eluent/server/test/harness.ts';", core),
    ).toEqual([]);
  });

  it('lets tests reach any layer to arrange and inspect', async () => {
    const file = 'apps/server/src/transports/http/fixture.medium.test.ts';
    expect(await refusals(file, "import { x } from '../../repositories/users.ts';")).toEqual([]);
  });
});
