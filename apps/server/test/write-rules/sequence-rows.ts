// Sequences and their table (spec §4 states, §5 starting, §8 Sequence and Sequence table).
import { type RuleRow } from './rows.ts';

export const sequenceRows: RuleRow[] = [
  {
    rule: 'a sequence needs an instrument',
    rest: {
      method: 'POST',
      path: () => '/api/sequences/',
      body: () => ({ name: 'No instrument' }),
      status: 400,
      code: 'invalid',
      field: 'device_id',
    },
    graphql: {
      field: 'insert_sequences_one',
      query: `mutation { insert_sequences_one(object: {name: "No instrument"}) { id } }`,
      refusal: 'absent',
    },
  },
  {
    rule: "a sequence's method fits its instrument",
    rest: {
      method: 'POST',
      path: () => '/api/sequences/',
      body: (f) => ({ name: 'Wrong method', device_id: f.device, method_id: f.otherMethod }),
      status: 400,
      code: 'sequence_method_incompatible',
    },
    graphql: {
      field: 'update_sequences_by_pk',
      query: `mutation ($q: Int!, $m: Int!) { update_sequences_by_pk(pk_columns: {id: $q}, _set: {method_id: $m}) { id } }`,
      variables: (f) => ({ q: f.sequence, m: f.otherMethod }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a RUNNING sequence cannot be deleted',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/sequences/${f.running}/`,
      status: 409,
      code: 'sequence_already_running',
    },
    graphql: {
      field: 'delete_sequences_by_pk',
      query: `mutation ($q: Int!) { delete_sequences_by_pk(id: $q) { id } }`,
      variables: (f) => ({ q: f.running }),
      refusal: 'absent',
    },
  },
  {
    rule: 'RUNNING sequences cannot be deleted in bulk',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/sequences/${f.running}/`,
      status: 409,
      code: 'sequence_already_running',
    },
    graphql: {
      field: 'delete_sequences',
      query: `mutation { delete_sequences(where: {state: {_eq: "RUNNING"}}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: 'a sequence pauses only while RUNNING',
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/pause/`,
      status: 409,
      code: 'sequence_cannot_pause',
    },
    graphql: {
      field: 'update_sequences_by_pk',
      query: `mutation ($q: Int!) { update_sequences_by_pk(pk_columns: {id: $q}, _set: {state: "PAUSED"}) { id } }`,
      variables: (f) => ({ q: f.sequence }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sequence stops only while running or paused',
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/stop/`,
      status: 409,
      code: 'sequence_not_running',
    },
    graphql: {
      field: 'update_sequences',
      query: `mutation { update_sequences(where: {}, _set: {state: "STOPPED"}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: "a standard's row is enabled only with amount and time for the standard",
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/drafts/`,
      body: (f) => ({ sample_id: f.incompleteStandard, vial: 2, enabled: true }),
      status: 400,
      code: 'draft_cannot_be_enabled',
    },
    graphql: {
      field: 'insert_drafts_one',
      query: `mutation ($q: Int!, $s: Int!) { insert_drafts_one(object: {sequence_id: $q, sample_id: $s, vial: 2, enabled: true}) { id } }`,
      variables: (f) => ({ q: f.sequence, s: f.incompleteStandard }),
      refusal: 'absent',
    },
  },
  {
    rule: "a row's vial is on the instrument's tray",
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/drafts/`,
      body: (f) => ({ sample_id: f.sample, vial: 97 }),
      status: 400,
      code: 'draft_invalid',
    },
    graphql: {
      field: 'update_drafts',
      query: `mutation { update_drafts(where: {}, _set: {vial: 97}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: 'a row is changed only through its own sequence',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/sequences/${f.sequence}/drafts/${f.otherDraft}/`,
      body: () => ({ vial: 3 }),
      status: 400,
      code: 'draft_not_in_sequence',
    },
    graphql: {
      field: 'update_drafts_by_pk',
      query: `mutation ($d: Int!) { update_drafts_by_pk(pk_columns: {id: $d}, _set: {vial: 3}) { id } }`,
      variables: (f) => ({ d: f.otherDraft }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a row is deleted only through its own sequence',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/sequences/${f.sequence}/drafts/${f.otherDraft}/`,
      status: 400,
      code: 'draft_not_in_sequence',
    },
    graphql: {
      field: 'delete_drafts_by_pk',
      query: `mutation ($d: Int!) { delete_drafts_by_pk(id: $d) { id } }`,
      variables: (f) => ({ d: f.otherDraft }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a RUNNING sequence keeps its method',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/sequences/${f.running}/`,
      body: (f) => ({ method_id: f.otherMethod }),
      status: 409,
      code: 'sequence_running_method_locked',
    },
    graphql: {
      field: 'update_sequences_by_pk',
      query: `mutation ($q: Int!, $m: Int!) { update_sequences_by_pk(pk_columns: {id: $q}, _set: {method_id: $m}) { id } }`,
      variables: (f) => ({ q: f.running, m: f.otherMethod }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a RUNNING sequence keeps its template',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/sequences/${f.running}/`,
      body: () => ({ template_uuid: null }),
      status: 409,
      code: 'sequence_running_template_locked',
    },
    graphql: {
      field: 'update_sequences',
      query: `mutation { update_sequences(where: {state: {_eq: "RUNNING"}}, _set: {template_uuid: null}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: 'the running row of a sequence is locked',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/sequences/${f.running}/drafts/${f.runningDraft}/`,
      body: () => ({ vial: 9 }),
      status: 409,
      code: 'draft_locked',
    },
    graphql: {
      field: 'update_drafts_by_pk',
      query: `mutation ($d: Int!) { update_drafts_by_pk(pk_columns: {id: $d}, _set: {vial: 9}) { id } }`,
      variables: (f) => ({ d: f.runningDraft }),
      refusal: 'absent',
    },
  },
  {
    rule: 'the running row of a sequence is not deleted',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/sequences/${f.running}/drafts/${f.runningDraft}/`,
      status: 409,
      code: 'draft_locked',
    },
    graphql: {
      field: 'delete_drafts',
      query: `mutation { delete_drafts(where: {}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
];
