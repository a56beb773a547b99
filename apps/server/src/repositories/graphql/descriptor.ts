// The shape of a table descriptor: everything the schema generator and the SQL compiler need to know about
// one table exposed through GraphQL. One descriptor per table lives in tables.ts.
import type { RawBuilder } from 'kysely';

/** GraphQL scalar of a column, Hasura-flavoured; `pgType` is the cast used for bound values. */
export type ScalarName = 'Int' | 'Float' | 'String' | 'Boolean' | 'uuid' | 'jsonb' | 'timestamptz' | 'bigint';

export const pgTypes: Record<ScalarName, string> = {
  Int: 'integer',
  Float: 'double precision',
  String: 'text',
  Boolean: 'boolean',
  uuid: 'uuid',
  jsonb: 'jsonb',
  timestamptz: 'timestamptz',
  bigint: 'bigint',
};

export interface ColumnDescriptor {
  name: string;
  type: ScalarName;
  /** Not null in the database (the GraphQL output type is then `T!`). */
  notNull?: boolean;
}

/**
 * An output-only field computed in SQL from the row (`row` is the table's alias): selectable, not
 * filterable, orderable or aggregated. The audit trail's readable words are such fields.
 */
export interface ComputedField {
  name: string;
  type: ScalarName;
  notNull?: boolean;
  description: string;
  value: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/** How a related table hangs off this one; `on` builds the join condition from both aliases. */
export interface RelationshipDescriptor {
  name: string;
  kind: 'object' | 'array';
  table: string;
  on: (parent: RawBuilder<unknown>, child: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** Default order of an array relationship when the query gives none. */
  defaultOrder?: string[];
}

/** A foreign key whose target the caller must be allowed to read before it may point a row at it. */
export interface ReferenceCheck {
  column: string;
  table: string;
  targetColumn: string;
}

export interface TableDescriptor {
  name: string;
  description: string;
  primaryKey: string;
  columns: ColumnDescriptor[];
  /** Output-only fields computed from the row. */
  computed?: ComputedField[];
  /** PK and UNIQUE constraints usable in `on_conflict`, with the columns they cover. */
  constraints: Array<{ name: string; columns: string[] }>;
  relationships: RelationshipDescriptor[];
  /** Columns accepted by `insert_T_one`; absent → the table has no insert. */
  insertable?: string[];
  /** Columns accepted by `_set`; absent → no update. */
  updatable?: string[];
  deletable?: boolean;
  /** Row owner column; absent → the table is not owned (never the case for exposed tables). */
  ownerColumn: string;
  /** Every mutation writes an auditEvents row in the same statement. */
  audited?: boolean;
  /** The column whose value names a row in the audit trail (default `name`). */
  auditLabel?: string;
  /** The object whose trail also shows this table's events: its kind and the column holding its id. */
  auditParent?: { entity: string; column: string };
  /** Set to now() by every update. */
  touchedOnUpdate?: string;
  /** Foreign keys checked against the caller's read access on insert and update. */
  references?: ReferenceCheck[];
  /** Server-side values of an insert (generated, never taken from the client). */
  insertDefaults?: () => Record<string, unknown>;
}

export function columnOf(table: TableDescriptor, name: string): ColumnDescriptor {
  const column = table.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`column ${table.name}.${name} is not described`);
  return column;
}
