// The Methods list + count with a search as one SQL statement, shaped like the statement the GraphQL
// compiler emits for the spec's document ($1 owner id, $2 the ILIKE pattern): the reference the benchmark
// sends directly through `pg`.
export const REFERENCE_SQL = `select json_build_object(
  'methods', (select coalesce(json_agg(s.e order by s.favorite desc, s.id desc), '[]'::json) from (
    select json_build_object('id', m.id, 'name', m.name, 'favorite', m.favorite, 'archived', m.archived,
      'is_example', m.is_example, 'hardware_configuration', m.hardware_configuration) as e, m.favorite, m.id
    from methods m
    where (m.owner_id = $1 or m.is_example) and m.archived = false and m.name ilike $2
      and m.hardware_configuration = '[]'::jsonb
    order by m.favorite desc, m.id desc limit 20) s),
  'methods_aggregate', json_build_object('aggregate', json_build_object('count', (select count(*)
    from methods m
    where (m.owner_id = $1 or m.is_example) and m.archived = false and m.name ilike $2
      and m.hardware_configuration = '[]'::jsonb))))::text as data`;
