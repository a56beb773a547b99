// Samples and standards (spec §5 device, method and column; §8 Standard/sample).
import { type RuleRow } from './rows.ts';

export const sampleRows: RuleRow[] = [
  {
    rule: 'a sample names its column',
    rest: {
      method: 'POST',
      path: () => '/api/samples/',
      body: (f) => ({ name: 'No column', device_id: f.device, method_id: f.method, column_name: null }),
      status: 400,
      code: 'sample_column_required',
    },
    graphql: {
      field: 'insert_samples_one',
      query: `mutation ($d: Int!, $m: Int!) { insert_samples_one(object: {name: "No column", device_id: $d, method_id: $m}) { id } }`,
      variables: (f) => ({ d: f.device, m: f.method }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sample keeps its instrument',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/samples/${f.sample}/`,
      body: () => ({ device_id: null }),
      status: 400,
      code: 'sample_device_required',
    },
    graphql: {
      field: 'update_samples_by_pk',
      query: `mutation ($s: Int!) { update_samples_by_pk(pk_columns: {id: $s}, _set: {device_id: null}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: "a sample's method fits its instrument",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/samples/${f.sample}/`,
      body: (f) => ({ method_id: f.otherMethod }),
      status: 400,
      code: 'method_hardware_mismatch',
    },
    graphql: {
      field: 'update_samples',
      query: `mutation ($m: Int!) { update_samples(where: {}, _set: {method_id: $m}) { affected_rows } }`,
      variables: (f) => ({ m: f.otherMethod }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sample does not become a standard',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/samples/${f.sample}/`,
      body: () => ({ type: 'standard' }),
      status: 400,
      code: 'sample_is_standard',
    },
    graphql: {
      field: 'update_samples_by_pk',
      query: `mutation ($s: Int!) { update_samples_by_pk(pk_columns: {id: $s}, _set: {type: "standard"}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sample is deleted only as a sample, a standard only as a standard',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/standards/${f.sample}/`,
      status: 400,
      code: 'sequence_unexpected_sample_type',
    },
    graphql: {
      field: 'delete_samples_by_pk',
      query: `mutation ($s: Int!) { delete_samples_by_pk(id: $s) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: "an analyte's amount is not negative",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/standards/${f.incompleteStandard}/`,
      body: () => ({ analytes: [{ analyte: 'caffeine', amount: -1, retention_time_sec: 200 }] }),
      status: 400,
      code: 'invalid',
    },
    graphql: {
      field: 'update_standards',
      query: `mutation { update_standards(where: {}, _set: {amount: -1}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: "a standard's analytes are added through the standard",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/standards/${f.sample}/`,
      body: () => ({ analytes: [{ analyte: 'caffeine', amount: 5, retention_time_sec: 200 }] }),
      status: 400,
      code: 'sequence_unexpected_sample_type',
    },
    graphql: {
      field: 'insert_standards_one',
      query: `mutation ($s: Int!) { insert_standards_one(object: {sample_id: $s, analyte: "caffeine", amount: 5}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
];
