// Lint for the whole workspace: type-aware rules, and the import boundaries between packages.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { typeErrors } from './scripts/eslint-type-errors.mjs';

/** A workspace reaches another through its package name (`@eluent/server/test/harness.ts`), never by path. */
const acrossPackages = {
  regex: '^(\\.\\./)+(apps|packages)/',
  message: 'Import another workspace by its package name (@eluent/…), not by a relative path.',
};

const noNodeOrInternal = {
  patterns: [
    { group: ['node:*'], message: 'packages/signal is pure: no Node built-ins.' },
    { group: ['@eluent/*'], message: 'packages/signal imports nothing internal.' },
    acrossPackages,
  ],
};

/** Import patterns each server folder may not use. */
const layerRules = {
  transports: [
    {
      group: ['**/repositories/**', '**/db/**'],
      message: 'Transports call services only: no repositories, no db/.',
    },
    {
      group: ['kysely', 'pg', '@electric-sql/pglite'],
      message: "Transports hold no SQL: that is the repositories' work.",
    },
    {
      group: ['**/compose.ts', '**/app.ts', '**/startup.ts'],
      message:
        'Transports receive the services the composition root built: name them from services/index.ts.',
    },
  ],
  services: [
    { group: ['**/transports/**'], message: 'Services never import transports: they are called by them.' },
    {
      group: ['**/config.ts', '**/redis-clients.ts'],
      message:
        'Services get their settings and clients from the composition root, which reads the configuration.',
    },
    {
      group: ['ioredis'],
      allowTypeImports: true,
      message: 'Services use the Redis clients the composition root made (redis-clients.ts); they make none.',
    },
    {
      group: ['**/compose.ts', '**/app.ts', '**/startup.ts', '**/cli/**'],
      message: 'Services are built by the composition root, not the other way round.',
    },
  ],
  repositories: [
    {
      group: ['**/services/**', '**/transports/**'],
      message: 'Repositories hold SQL only: no services, no transports.',
    },
    {
      group: ['**/errors.ts', '**/config.ts', '**/lib/method-configuration.ts'],
      message:
        'Repositories refuse nothing and read no configuration: rules, permissions and their errors live in services.',
    },
    {
      group: ['**/compose.ts', '**/app.ts', '**/startup.ts', '**/cli/**'],
      message: 'Repositories are built by the composition root.',
    },
  ],
  db: [
    {
      group: ['**/services/**', '**/transports/**', '**/repositories/**', '**/compose.ts', '**/app.ts'],
      message: 'db/ is infrastructure: it imports no layer above it.',
    },
  ],
  lib: [
    {
      group: [
        '**/services/**',
        '**/transports/**',
        '**/repositories/**',
        '**/db/**',
        '**/compose.ts',
        '**/app.ts',
      ],
      message: 'lib/ holds pure helpers: no layer, no database.',
    },
  ],
};

function serverLayers() {
  return Object.entries(layerRules).map(([folder, patterns]) => ({
    files: [`apps/server/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.eluent/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.config.js',
      'scripts/**',
      '**/*.mjs',
      'eslint.config.js',
      // Static files served as they are (the service worker is plain browser JavaScript).
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { eluent: { rules: { 'type-errors': typeErrors } } },
    rules: {
      'eluent/type-errors': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Blocks below that set their own import restrictions repeat this one (a later block replaces the rule).
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [acrossPackages] }] },
  },
  {
    files: ['packages/signal/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noNodeOrInternal] },
  },
  {
    // Tests of the pure package may read fixture files; the package source still may not.
    files: ['packages/signal/test/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noNodeOrInternal.patterns[1], acrossPackages] }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'packages/contracts runs in the browser too: no Node built-ins.' },
            {
              group: ['@eluent/server', '@eluent/web', '@eluent/simulator'],
              message: 'contracts may import only types from @eluent/signal.',
            },
            acrossPackages,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@eluent/server', '@eluent/server/*'], message: 'web never imports server.' },
            { group: ['node:*'], message: 'web runs in the browser.' },
            acrossPackages,
          ],
        },
      ],
    },
  },
  {
    // No web function over 120 lines: long components and hooks split into named, separately testable pieces
    // (sub-components, hooks, pure helpers next to their tests); docs/web.md "Function size".
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // No processing function over 120 lines: a long step splits into named pure steps, each in the same file
    // or a sibling module named for what it does; docs/processing.md "Function size". The contracts and the
    // simulated instrument hold to the same limit (generated documents aside).
    files: [
      'packages/signal/src/**/*.ts',
      'packages/contracts/src/**/*.ts',
      'packages/simulator/src/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.generated.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@eluent/server(/src/.*)?$',
              message: "e2e uses only public interfaces (and the server tests' helpers under test/).",
            },
            acrossPackages,
          ],
        },
      ],
    },
  },
  // The server's layers (docs/architecture.md "Layers"): transports → services → repositories → db, each
  // folder importing only downwards. Tests may reach any layer to arrange and inspect.
  ...serverLayers(),
  {
    // The transaction rule (docs/architecture.md "Transactions"): inside db.transaction().execute(trx => …)
    // every read and write goes through trx; the root handle `db` (or `something.db`) cannot be named there.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='execute'][callee.object.callee.property.name=/^(transaction|connection)$/] > :function Identifier[name='db']",
          message: 'Inside a transaction use its executor (trx) for every query; never the root `db`.',
        },
      ],
    },
  },
  {
    // No server function over 120 lines: a long factory splits into named use-case functions it composes
    // (docs/architecture.md "Use cases"). Tests are exempt, and so are the migrations: they are applied
    // records that must not change. No other file is exempt.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/db/migrations/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
