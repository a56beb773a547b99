// The readable words of an audit event computed in SQL for GraphQL's `auditEvents`, from the same tables the
// REST entries use (lib/audit-words.ts): the kind of object ("Sequence row"; a sample stored as a standard
// or blank says so) and the action ("Changed"). A name without an entry reads as words, as in REST.
import { sql, type RawBuilder } from 'kysely';
import { actionLabels, entityLabels } from '../../lib/audit-words.ts';
import type { ComputedField } from './descriptor.ts';

type Sql = RawBuilder<unknown>;

/** `words()` of lib/audit-words.ts in SQL: camelCase and snake_case split, first letter upper. */
function wordsOf(name: Sql): Sql {
  const spaced = sql`btrim(replace(regexp_replace(${name}, '([a-z])([A-Z])', '\\1 \\2', 'g'), '_', ' '))`;
  return sql`(upper(left(${spaced}, 1)) || lower(substr(${spaced}, 2)))`;
}

function lookup(name: Sql, labels: Record<string, string>): Sql {
  const cases = Object.entries(labels).map(
    ([key, label]) => sql`when ${sql.lit(key)} then ${sql.lit(label)}`,
  );
  return sql`(case ${name} ${sql.join(cases, sql` `)} else ${wordsOf(name)} end)`;
}

export const auditComputedFields: ComputedField[] = [
  {
    name: 'entity_label',
    type: 'String',
    notNull: true,
    description: 'The kind of object in words, as REST answers it: "Sequence row", "Processing template" …',
    value: (row) => {
      const type = sql`coalesce(${row}.new_values ->> 'type', ${row}.old_values ->> 'type')`;
      return sql`(case when ${row}.entity = 'samples' and ${type} = 'standard' then 'Standard' when ${row}.entity = 'samples' and ${type} = 'blank' then 'Blank' else ${lookup(sql`${row}.entity`, entityLabels)} end)`;
    },
  },
  {
    name: 'action_label',
    type: 'String',
    notNull: true,
    description: 'The action in words, as REST answers it: "Changed", "Signed as reviewed" …',
    value: (row) => lookup(sql`${row}.action`, actionLabels),
  },
];
