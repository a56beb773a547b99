// The GraphQL access policy the service hands the compiler covers exactly the exposed tables, and the
// compiler turns it into SQL without deciding anything itself.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnlyDb } from '../../../test/compile-only-db.ts';
import { tableNamed, tables } from '../../repositories/graphql/tables.ts';
import { readPredicate, sequenceUses, writePredicate } from '../../repositories/graphql/row-predicates.ts';
import type { AccessPolicy } from '../../repositories/graphql/policy.ts';
import { graphqlAccess } from './access.ts';
import { methodRemoveRule, templateRemoveRule } from './method-rules.ts';

const db = compileOnlyDb;
const text = (fragment: ReturnType<typeof sql>) => sql`${fragment}`.compile(db).sql;
const user = { kind: 'user' as const, userId: 7 };
const visitor = { kind: 'visitor' as const, shareTokenId: 3, objectType: 'sample' as const, objectId: 5 };

describe('GraphQL access policy', () => {
  it('names every exposed table and no other', () => {
    expect(Object.keys(graphqlAccess).sort()).toEqual(tables.map((table) => table.name).sort());
  });

  it('lets every user read the example methods and none write them', () => {
    const scope = { viewer: user, access: graphqlAccess };
    expect(text(readPredicate(tableNamed('methods'), sql.id('_t'), scope))).toContain('or "_t"."is_example"');
    expect(text(writePredicate(tableNamed('methods'), sql.id('_t'), scope, 'update'))).toContain(
      'and not "_t"."is_example"',
    );
  });

  it('compiles what the policy says, and nothing it does not', () => {
    const methods = tableNamed('methods');
    const closed: AccessPolicy = { methods: { read: 'methods.read' } };
    expect(text(writePredicate(methods, sql.id('_t'), { viewer: user, access: closed }, 'delete'))).toBe(
      'false',
    );
    expect(text(readPredicate(methods, sql.id('_t'), { viewer: visitor, access: closed }))).toBe('false');
    const samples = tableNamed('samples');
    const shared = text(readPredicate(samples, sql.id('_t'), { viewer: visitor, access: graphqlAccess }));
    expect(shared).toContain('"shareTokens"');
    const hidden: AccessPolicy = { samples: { read: 'samples.read' } };
    expect(text(readPredicate(samples, sql.id('_t'), { viewer: visitor, access: hidden }))).toBe('false');
  });

  it('locks a method and a template while a RUNNING or PAUSED sequence uses them', () => {
    expect(graphqlAccess.methods?.rules?.remove).toBe(methodRemoveRule);
    expect(graphqlAccess.postprocessingTemplates?.rules?.remove).toBe(templateRemoveRule);
    const method = text(sequenceUses(methodRemoveRule, sql.id('_x')));
    expect(method).toContain("s.state in ('RUNNING', 'PAUSED')");
    expect(method).toContain('d.method_id = "_x".id');
    expect(text(sequenceUses(templateRemoveRule, sql.id('_x')))).toContain('s.template_uuid = "_x".uuid');
  });
});
