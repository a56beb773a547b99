// The generated schema carries Hasura's names, and user values only ever reach SQL as bound parameters.
import { printSchema } from 'graphql';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnlyDb } from '../../../test/compile-only-db.ts';
import { graphqlAccess } from './access.ts';
import { graphqlSchema } from './schema.ts';
import { tableNamed } from '../../repositories/graphql/tables.ts';
import { boolExp } from '../../repositories/graphql/where.ts';

const db = compileOnlyDb;

describe('generated schema', () => {
  const printed = printSchema(graphqlSchema());

  it('has the Hasura root fields and input types of every table', () => {
    for (const name of ['methods', 'postprocessingTemplates', 'sequences', 'auditEvents']) {
      expect(printed).toContain(`${name}_by_pk(`);
      expect(printed).toContain(`${name}_aggregate(`);
      expect(printed).toContain(`input ${name}_bool_exp {`);
      expect(printed).toContain(`input ${name}_order_by {`);
    }
    expect(printed).toContain(
      'insert_postprocessingTemplates_one(object: postprocessingTemplates_insert_input!, on_conflict: postprocessingTemplates_on_conflict): postprocessingTemplates',
    );
    expect(printed).toContain(
      'update_methods_by_pk(pk_columns: methods_pk_columns_input!, _set: methods_set_input): methods',
    );
    expect(printed).toMatch(
      /enum postprocessingTemplates_constraint \{\s+postprocessingTemplates_pkey\s+postprocessingTemplates_uuid_key\s+\}/,
    );
    expect(printed).toMatch(
      /enum order_by \{\s+asc\s+asc_nulls_first\s+asc_nulls_last\s+desc\s+desc_nulls_first\s+desc_nulls_last\s+\}/,
    );
    expect(printed).not.toContain('insert_auditEvents');
    expect(printed).not.toContain('insert_injections');
  });
});

describe('where compilation', () => {
  it('binds every value and never splices it into the SQL text', () => {
    const hostile = "x'; drop table methods; --";
    const predicate = boolExp(
      tableNamed('methods'),
      sql.id('_t1'),
      {
        _or: [{ name: { _ilike: hostile } }, { id: { _in: [1, 2] } }],
        hardware_configuration: { _eq: [hostile] },
      },
      {
        viewer: { kind: 'user', userId: 1 },
        access: graphqlAccess,
        variables: {},
        fragments: {},
        aliasCount: 1,
      },
    );
    const compiled = sql`select 1 from methods _t1 where ${predicate}`.compile(db);
    expect(compiled.sql).not.toContain('drop table');
    expect(compiled.sql).toContain('ilike $1::text');
    expect(compiled.parameters).toEqual([hostile, [1, 2], JSON.stringify([hostile])]);
  });

  it('treats null operands as no condition and an empty _or as false', () => {
    const scope = {
      viewer: { kind: 'user' as const, userId: 1 },
      access: graphqlAccess,
      variables: {},
      fragments: {},
      aliasCount: 1,
    };
    const none = boolExp(tableNamed('methods'), sql.id('_t1'), { favorite: { _eq: null }, _or: null }, scope);
    expect(sql`${none}`.compile(db).sql).toBe('true');
    const empty = boolExp(tableNamed('methods'), sql.id('_t1'), { _or: [] }, scope);
    expect(sql`${empty}`.compile(db).sql).toBe('false');
  });
});
