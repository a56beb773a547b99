// The rows of the table-driven write-rules test (src/write-rules.medium.test.ts): one rule each, tried
// through REST and through GraphQL. A new rule of spec §4/§5/§8 adds a row to the file of its area.
import type { domainErrors } from '@eluent/contracts';

export interface Fixtures {
  device: number;
  method: number;
  otherMethod: number;
  /** The uuid of the template the running sequence processes with. */
  template: string;
  sample: number;
  incompleteStandard: number;
  sequence: number;
  running: number;
  /** The current row of the running sequence. */
  runningDraft: number;
  otherDraft: number;
  share: number;
  revokedShare: number;
}

export type Caller = 'owner' | 'stranger';

export interface RestRefusal {
  method: string;
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  status: number;
  /** A catalogue code of spec §8; `invalid` is a form error naming `field`. */
  code: keyof typeof domainErrors;
  field?: string;
}

export interface GraphqlRefusal {
  /** The root field the document writes through. */
  field: string;
  query: string;
  variables?: (f: Fixtures) => Record<string, unknown>;
  /** `absent`: GraphQL does not write the table; else the catalogue code whose message it answers. */
  refusal: 'absent' | keyof typeof domainErrors;
}

export interface RuleRow {
  rule: string;
  as?: Caller;
  rest: RestRefusal;
  graphql: GraphqlRefusal;
}

/** No REST call writes the table (methods are written through GraphQL only): the path does not exist. */
export const noRestWrite = (method: string, path: (f: Fixtures) => string): RestRefusal => ({
  method,
  path,
  body: () => ({ flow_rate_ml_per_min: 2 }),
  status: 404,
  code: 'not_found',
});
