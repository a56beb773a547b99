// Share tokens (PRODUCT.md §4: read-only links until expiry or revocation) and methods (spec §4, §8 Method).
import { noRestWrite, type RuleRow } from './rows.ts';

export const shareAndMethodRows: RuleRow[] = [
  {
    rule: 'a share token expires within 365 days',
    rest: {
      method: 'POST',
      path: () => '/api/share-tokens/',
      body: (f) => ({ object_type: 'sample', object_id: f.sample, expires_in_days: 365_000 }),
      status: 400,
      code: 'invalid',
      field: 'expires_in_days',
    },
    graphql: {
      field: 'insert_shareTokens_one',
      query: `mutation ($s: Int!) { insert_shareTokens_one(object: {object_type: "sample", object_id: $s, expires_at: "2999-01-01T00:00:00Z"}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: "a share token's expiry is never extended",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/share-tokens/${f.share}/`,
      body: () => ({ expires_at: '2999-01-01T00:00:00Z' }),
      status: 405,
      code: 'method_not_allowed',
    },
    graphql: {
      field: 'update_shareTokens_by_pk',
      query: `mutation ($t: Int!) { update_shareTokens_by_pk(pk_columns: {id: $t}, _set: {expires_at: "2999-01-01T00:00:00Z"}) { id } }`,
      variables: (f) => ({ t: f.share }),
      refusal: 'absent',
    },
  },
  {
    rule: 'revoking a share token is final',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/share-tokens/${f.revokedShare}/`,
      body: () => ({ revoked_at: null }),
      status: 405,
      code: 'method_not_allowed',
    },
    graphql: {
      field: 'update_shareTokens_by_pk',
      query: `mutation ($t: Int!) { update_shareTokens_by_pk(pk_columns: {id: $t}, _set: {revoked_at: null}) { id } }`,
      variables: (f) => ({ t: f.revokedShare }),
      refusal: 'absent',
    },
  },
  {
    rule: "only the owner's objects are shared",
    as: 'stranger',
    rest: {
      method: 'POST',
      path: () => '/api/share-tokens/',
      body: (f) => ({ object_type: 'sample', object_id: f.sample }),
      status: 404,
      code: 'share_object_not_found',
    },
    graphql: {
      field: 'insert_shareTokens_one',
      query: `mutation ($s: Int!) { insert_shareTokens_one(object: {object_type: "sample", object_id: $s}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a method changes only its name, archived and favorite',
    rest: noRestWrite('PATCH', (f) => `/api/methods/${f.method}/`),
    graphql: {
      field: 'update_methods_by_pk',
      query: `mutation ($m: Int!) { update_methods_by_pk(pk_columns: {id: $m}, _set: {name: "Faster", flow_rate_ml_per_min: 2}) { id } }`,
      variables: (f) => ({ m: f.method }),
      refusal: 'method_only_name_changeable',
    },
  },
  {
    rule: "an upsert does not change a method's settings",
    rest: noRestWrite('PUT', (f) => `/api/methods/${f.method}/`),
    graphql: {
      field: 'insert_methods_one',
      query: `mutation { insert_methods_one(object: {name: "Copy"}, on_conflict: {constraint: methods_pkey, update_columns: [name, gradient]}) { id } }`,
      refusal: 'method_only_name_changeable',
    },
  },
  {
    // A value beyond a part's limit is refused with that field's message: method-configuration.medium.test.ts.
    rule: "a new method's hardware configuration is a list of known parts",
    rest: noRestWrite('POST', () => '/api/methods/'),
    graphql: {
      field: 'insert_methods_one',
      query: `mutation { insert_methods_one(object: {name: "Unknown part", flow_rate_ml_per_min: 1, hardware_configuration: [{kind: "warp drive", model: "X", limits: {}}]}) { id } }`,
      refusal: 'method_configuration_incompatible',
    },
  },
  {
    rule: "a running sequence's method is not deleted",
    rest: noRestWrite('DELETE', (f) => `/api/methods/${f.method}/`),
    graphql: {
      field: 'delete_methods_by_pk',
      query: `mutation ($m: Int!) { delete_methods_by_pk(id: $m) { id } }`,
      variables: (f) => ({ m: f.method }),
      refusal: 'sequence_running_method_locked',
    },
  },
  {
    rule: "a running sequence's template is not deleted",
    rest: noRestWrite('DELETE', (f) => `/api/postprocessing-templates/${f.template}/`),
    graphql: {
      field: 'delete_postprocessingTemplates',
      query: `mutation ($u: uuid!) { delete_postprocessingTemplates(where: {uuid: {_eq: $u}}) { affected_rows } }`,
      variables: (f) => ({ u: f.template }),
      refusal: 'sequence_running_template_locked',
    },
  },
];
