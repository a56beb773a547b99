// What the GraphQL compiler is told, as data, by the service that calls it: who asks (the viewer), and per
// table the privileges each operation needs and the write rules (services/graphql/access.ts states them).
// The compiler turns these into SQL predicates and statements; it decides no permission and no rule itself.
import type { DomainErrorCode, Privilege, SequenceState } from '@eluent/contracts';

export type WriteOperation = 'insert' | 'update' | 'delete';

export type ShareObjectType = 'sample' | 'injection' | 'sequence' | 'overlay';

export type Viewer =
  | { kind: 'user'; userId: number }
  | { kind: 'visitor'; shareTokenId: number; objectType: ShareObjectType; objectId: number };

/**
 * What a user's bearer token must still match, checked by a read inside its own statement: the user's token
 * version (raised by a password reset, a reused refresh token or a removal from a lab) and its session not
 * signed out. Kept apart from the viewer, whose key shares compiled plans between every user of a role.
 */
export interface TokenStanding {
  userId: number;
  version: number;
  /** The session of the token; undefined for tokens issued before sessions existed. */
  sid: string | undefined;
}

/**
 * A delete refused while a sequence in one of `states` uses the row: as its method (or one of its rows'
 * methods) or as its processing template. Judged on the locked row inside the delete statement.
 */
export interface SequenceUseLock {
  use: 'method' | 'template';
  states: readonly SequenceState[];
  refusal: DomainErrorCode;
}

/**
 * The write rules of a table. Each callback throws an AppError of the catalogue to refuse; the mutation
 * answers its message in Hasura's error form and nothing is written. `insert` runs per inserted object,
 * `change` with the columns an update (or an upsert's update) sets and, for an update, the values its `_set`
 * gives; `remove` is judged inside the delete statement.
 */
export interface WriteRules {
  insert?: (object: Record<string, unknown>) => void;
  change?: (columns: readonly string[], values?: Record<string, unknown>) => void;
  remove?: SequenceUseLock;
}

/** Who may do what with one exposed table's rows; an operation without a privilege is refused. */
export interface TableAccess {
  read: Privilege;
  insert?: Privilege;
  update?: Privilege;
  delete?: Privilege;
  /** Rows true in this column are read by every user and written by none (the example methods). */
  sharedReadColumn?: string;
  /** A visitor reads this table's rows that hang under the object shared with it. */
  visitorReads?: boolean;
  rules?: WriteRules;
}

/** The access of every exposed table, by table name. */
export type AccessPolicy = Readonly<Record<string, TableAccess>>;

/** The access the policy gives `table`; a table it does not name is a programming error. */
export function accessOf(policy: AccessPolicy, table: string): TableAccess {
  const access = policy[table];
  if (!access) throw new Error(`no access policy for table ${table}`);
  return access;
}
