// Generates the Hasura-shaped SDL (names and shapes of Hasura v2) from the table descriptors.
import type { ScalarName, TableDescriptor } from '../../repositories/graphql/descriptor.ts';
import { columnOf } from '../../repositories/graphql/descriptor.ts';

const scalars: ScalarName[] = ['Int', 'Float', 'String', 'Boolean', 'uuid', 'jsonb', 'timestamptz', 'bigint'];
const textOperators = [
  '_like',
  '_nlike',
  '_ilike',
  '_nilike',
  '_similar',
  '_nsimilar',
  '_regex',
  '_iregex',
  '_nregex',
  '_niregex',
];
const orderedTypes = new Set<ScalarName>(['Int', 'Float', 'String', 'timestamptz', 'bigint', 'uuid']);

function comparisonType(scalar: ScalarName): string {
  const lines = ['_eq', '_neq', '_gt', '_lt', '_gte', '_lte'].map((op) => `  ${op}: ${scalar}`);
  lines.push(`  _in: [${scalar}!]`, `  _nin: [${scalar}!]`, '  _is_null: Boolean');
  if (scalar === 'String') lines.push(...textOperators.map((op) => `  ${op}: String`));
  if (scalar === 'jsonb') {
    lines.push(
      '  _contains: jsonb',
      '  _contained_in: jsonb',
      '  _has_key: String',
      '  _has_keys_any: [String!]',
      '  _has_keys_all: [String!]',
    );
  }
  return `input ${scalar}_comparison_exp {\n${lines.join('\n')}\n}`;
}

function listArguments(table: string): string {
  return `limit: Int, offset: Int, order_by: [${table}_order_by!], where: ${table}_bool_exp`;
}

function tableTypes(table: TableDescriptor): string {
  const t = table.name;
  const pk = columnOf(table, table.primaryKey);
  const out: string[] = [];
  const fields = table.columns.map(
    (column) => `  ${column.name}: ${column.type}${column.notNull ? '!' : ''}`,
  );
  for (const computed of table.computed ?? []) {
    fields.push(
      `  """${computed.description}"""\n  ${computed.name}: ${computed.type}${computed.notNull ? '!' : ''}`,
    );
  }
  for (const relationship of table.relationships) {
    fields.push(
      relationship.kind === 'object'
        ? `  ${relationship.name}: ${relationship.table}`
        : `  ${relationship.name}(${listArguments(relationship.table)}): [${relationship.table}!]!`,
    );
  }
  out.push(`"""${table.description}"""\ntype ${t} {\n${fields.join('\n')}\n}`);

  const ordered = table.columns.filter((column) => orderedTypes.has(column.type));
  const minMax = (kind: string) =>
    ordered.length > 0
      ? `type ${t}_${kind}_fields {\n${ordered.map((column) => `  ${column.name}: ${column.type}`).join('\n')}\n}`
      : '';
  out.push(
    `type ${t}_aggregate {\n  aggregate: ${t}_aggregate_fields\n  nodes: [${t}!]!\n}`,
    `type ${t}_aggregate_fields {\n  count(columns: [${t}_select_column!], distinct: Boolean): Int!\n${
      ordered.length > 0 ? `  max: ${t}_max_fields\n  min: ${t}_min_fields\n` : ''
    }}`,
    minMax('max'),
    minMax('min'),
  );

  const boolFields = [`  _and: [${t}_bool_exp!]`, `  _not: ${t}_bool_exp`, `  _or: [${t}_bool_exp!]`];
  boolFields.push(...table.columns.map((column) => `  ${column.name}: ${column.type}_comparison_exp`));
  boolFields.push(...table.relationships.map((r) => `  ${r.name}: ${r.table}_bool_exp`));
  out.push(`input ${t}_bool_exp {\n${boolFields.join('\n')}\n}`);

  const orderFields = table.columns.map((column) => `  ${column.name}: order_by`);
  orderFields.push(
    ...table.relationships.filter((r) => r.kind === 'object').map((r) => `  ${r.name}: ${r.table}_order_by`),
  );
  out.push(`input ${t}_order_by {\n${orderFields.join('\n')}\n}`);
  out.push(`enum ${t}_select_column {\n${table.columns.map((column) => `  ${column.name}`).join('\n')}\n}`);
  out.push(`input ${t}_pk_columns_input {\n  ${pk.name}: ${pk.type}!\n}`);
  out.push(`type ${t}_mutation_response {\n  affected_rows: Int!\n  returning: [${t}!]!\n}`);

  if (table.insertable) {
    const insertFields = table.insertable.map((name) => `  ${name}: ${columnOf(table, name).type}`);
    out.push(`input ${t}_insert_input {\n${insertFields.join('\n')}\n}`);
    out.push(`enum ${t}_constraint {\n${table.constraints.map((c) => `  ${c.name}`).join('\n')}\n}`);
    const updateColumns = table.updatable ?? [];
    out.push(
      `enum ${t}_update_column {\n${
        updateColumns.length > 0 ? updateColumns.map((name) => `  ${name}`).join('\n') : '  _PLACEHOLDER'
      }\n}`,
    );
    out.push(
      `input ${t}_on_conflict {\n  constraint: ${t}_constraint!\n  update_columns: [${t}_update_column!]! = []\n  where: ${t}_bool_exp\n}`,
    );
  }
  if (table.updatable) {
    const setFields = table.updatable.map((name) => `  ${name}: ${columnOf(table, name).type}`);
    out.push(`input ${t}_set_input {\n${setFields.join('\n')}\n}`);
  }
  return out.filter(Boolean).join('\n\n');
}

function queryFields(table: TableDescriptor): string[] {
  const t = table.name;
  const pk = columnOf(table, table.primaryKey);
  return [
    `  "fetch data from the table: \\"${t}\\""\n  ${t}(${listArguments(t)}): [${t}!]!`,
    `  ${t}_aggregate(${listArguments(t)}): ${t}_aggregate!`,
    `  ${t}_by_pk(${pk.name}: ${pk.type}!): ${t}`,
  ];
}

function mutationFields(table: TableDescriptor): string[] {
  const t = table.name;
  const pk = columnOf(table, table.primaryKey);
  const fields: string[] = [];
  if (table.insertable) {
    fields.push(
      `  insert_${t}(objects: [${t}_insert_input!]!, on_conflict: ${t}_on_conflict): ${t}_mutation_response`,
      `  insert_${t}_one(object: ${t}_insert_input!, on_conflict: ${t}_on_conflict): ${t}`,
    );
  }
  if (table.updatable) {
    fields.push(
      `  update_${t}(where: ${t}_bool_exp!, _set: ${t}_set_input): ${t}_mutation_response`,
      `  update_${t}_by_pk(pk_columns: ${t}_pk_columns_input!, _set: ${t}_set_input): ${t}`,
    );
  }
  if (table.deletable) {
    fields.push(
      `  delete_${t}(where: ${t}_bool_exp!): ${t}_mutation_response`,
      `  delete_${t}_by_pk(${pk.name}: ${pk.type}!): ${t}`,
    );
  }
  return fields;
}

export function generateSdl(tables: TableDescriptor[]): string {
  const parts = [
    'schema {\n  query: query_root\n  mutation: mutation_root\n}',
    ...scalars.filter((s) => !['Int', 'Float', 'String', 'Boolean'].includes(s)).map((s) => `scalar ${s}`),
    'enum order_by {\n  asc\n  asc_nulls_first\n  asc_nulls_last\n  desc\n  desc_nulls_first\n  desc_nulls_last\n}',
    ...scalars.map(comparisonType),
    ...tables.map(tableTypes),
    `type query_root {\n${tables.flatMap(queryFields).join('\n')}\n}`,
    `type mutation_root {\n${tables.flatMap(mutationFields).join('\n')}\n}`,
  ];
  return parts.join('\n\n') + '\n';
}
