import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_PATH, clientDocuments, generateClientTypes, typeNameOf } from './client-types.ts';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('GraphQL client types', () => {
  // Generated once for both tests, waited for within the tests' own (scaled) time limit.
  const generation = generateClientTypes();

  it('are current: the checked-in file is what the schema and the documents generate', async () => {
    const generated = await generation;
    const checkedIn = readFileSync(`${root}${CLIENT_TYPES_PATH}`, 'utf8');
    expect(
      checkedIn === generated,
      `${CLIENT_TYPES_PATH} is out of date with the GraphQL schema or documents: run \`npm run codegen\``,
    ).toBe(true);
  });

  it('types every document the clients send, named after its constant', async () => {
    const generated = await generation;
    const constants = clientDocuments().map((document) => document.constant);
    expect(constants).toContain('METHOD_WITH_EXTENSIONS');
    expect(constants).toContain('SHARED_SAMPLE');
    // Field lists are text, not documents.
    expect(constants).not.toContain('METHOD_FIELDS');
    for (const constant of constants) {
      expect(generated).toMatch(
        new RegExp(`export const ${constant} =\\s+documents\\.${constant} as\\s+TypedDocument<`),
      );
    }
    expect(generated).toContain('export type MethodWithExtensionsQuery = {');
    expect(typeNameOf('METHOD_WITH_EXTENSIONS')).toBe('MethodWithExtensions');
  });
});
