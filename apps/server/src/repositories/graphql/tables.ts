// One descriptor per exposed table: columns with their GraphQL types, what may be inserted and changed, and
// the relationships. The schema and the SQL compiler are generated from these; who may read and write the
// rows, and the write rules, are the service's (services/graphql/access.ts).
import { sql } from 'kysely';
import { auditComputedFields } from './audit-fields.ts';
import type { ColumnDescriptor, ScalarName, TableDescriptor } from './descriptor.ts';

function columns(spec: string): ColumnDescriptor[] {
  // "name:Type!" entries separated by whitespace; `!` marks not null.
  return spec
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const [name, type] = entry.split(':') as [string, string];
      const notNull = type.endsWith('!');
      return { name, type: type.replace('!', '') as ScalarName, notNull };
    });
}

const methodColumns = columns(`
  id:Int! owner_id:Int name:String! comment:String archived:Boolean! favorite:Boolean! editable:Boolean!
  is_example:Boolean! analog_signal_description:String analog_signal_type:String buffer:String
  mobile_phase:String solvents:jsonb gradient:jsonb flow_rate_ml_per_min:Float
  refill_flow_rate_ml_per_min:Float syringe_refill_speed:Float run_time_min:Float run_time_ms:Int
  temperature:Float pressure_min:Float pressure_max:Float pressure_reach_sec:Float measurements:jsonb
  hardware_configuration:jsonb! detector_single_channel:jsonb calibration_delay_sec:Float injection_ul:Float
  injection_ms:Int injection_sec:Float injection_delay_sec:Float needle_depth_mm:Float
  wash_after_injection:Boolean shaking_duration_ms:Int shaking_duration_sec:Float
  fraction_collector_interval_sec:Float fraction_collector_start_delay_sec:Float
  fraction_collector_starts_with_vial:Int valve_routine:jsonb valve_initial_position:Int
  valve_does_change_position:Boolean valve_change_position_after_sec:Float created_at:timestamptz! version:Int!
  on_interrupted_injection:String!
`);
const methodInsertable = methodColumns
  .map((column) => column.name)
  .filter((name) => !['id', 'owner_id', 'editable', 'is_example', 'created_at', 'version'].includes(name));

const templateColumns = columns(`
  id:Int! uuid:uuid! owner_id:Int name:String! is_archived:Boolean! is_favorite:Boolean!
  algorithm_base:String! algorithm_binj:String! algorithm_pdet:String! algorithm_peak:String!
  algorithm_nois:String! params_pdet:jsonb! params_peak:jsonb! params_base:jsonb! params_binj:jsonb!
  params_nois:jsonb! params_dtim:jsonb! integration_events:jsonb reporting_threshold_percent:Float
  peak_detection_negative_peaks:Boolean created_at:timestamptz! updated_at:timestamptz! version:Int!
`);
const templateInsertable = templateColumns
  .map((column) => column.name)
  .filter((name) => !['id', 'owner_id', 'created_at', 'updated_at', 'version'].includes(name));

const pkey = (table: string, column = 'id') => ({ name: `${table}_pkey`, columns: [column] });

export const tables: TableDescriptor[] = [
  {
    name: 'devices',
    description: 'Instruments the user claimed; claiming and commands are REST.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int serial_number:String! name:String! firmware_version:String!
      hardware_configuration:jsonb! installed_column:jsonb state:String! position:Int!
      last_seen_at:timestamptz created_at:timestamptz!
    `),
    constraints: [pkey('devices'), { name: 'devices_serial_number_key', columns: ['serial_number'] }],
    relationships: [
      {
        name: 'sequences',
        kind: 'array',
        table: 'sequences',
        on: (parent, child) => sql`${child}.device_id = ${parent}.id`,
        defaultOrder: ['id'],
      },
    ],
    updatable: ['name', 'position'],
    audited: true,
  },
  {
    name: 'methods',
    description: 'Instrument methods; immutable after creation except name, archived and favorite.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: methodColumns,
    constraints: [pkey('methods')],
    relationships: [],
    insertable: methodInsertable,
    updatable: methodInsertable,
    deletable: true,
    audited: true,
  },
  {
    name: 'postprocessingTemplates',
    description: 'Processing templates; saved by uuid (insert, or update on uuid conflict).',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: templateColumns,
    constraints: [
      pkey('postprocessingTemplates'),
      { name: 'postprocessingTemplates_uuid_key', columns: ['uuid'] },
    ],
    relationships: [],
    insertable: templateInsertable,
    updatable: templateInsertable,
    deletable: true,
    audited: true,
    touchedOnUpdate: 'updated_at',
  },
  {
    name: 'samples',
    description:
      'Samples, standards and blanks to be injected. Read-only here: written through REST under its rules.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! name:String! type:String! description:String! device_id:Int method_id:Int
      column_name:String created_at:timestamptz!
    `),
    constraints: [pkey('samples')],
    relationships: [
      {
        name: 'standards',
        kind: 'array',
        table: 'standards',
        on: (parent, child) => sql`${child}.sample_id = ${parent}.id`,
        defaultOrder: ['id'],
      },
      {
        name: 'injections',
        kind: 'array',
        table: 'injections',
        on: (parent, child) => sql`${child}.sample_id = ${parent}.id`,
        defaultOrder: ['id'],
      },
    ],
  },
  {
    name: 'standards',
    description:
      'Analytes of a standard: amount and expected retention time. Read-only here: written through REST.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! sample_id:Int! analyte:String! amount:Float amount_unit:String!
      retention_time_sec:Float window_sec:Float! created_at:timestamptz!
    `),
    constraints: [pkey('standards')],
    relationships: [
      {
        name: 'sample',
        kind: 'object',
        table: 'samples',
        on: (parent, child) => sql`${child}.id = ${parent}.sample_id`,
      },
    ],
  },
  {
    name: 'sequences',
    description: 'Sequences of drafts run on one device. Read-only here: written and run through REST.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! device_id:Int name:String! method_id:Int template_uuid:uuid state:String!
      current_draft_id:Int current_injection_id:Int created_at:timestamptz! updated_at:timestamptz!
      started_at:timestamptz finished_at:timestamptz method_version:Int template_version:Int
    `),
    constraints: [pkey('sequences')],
    relationships: [
      {
        name: 'drafts',
        kind: 'array',
        table: 'drafts',
        on: (parent, child) => sql`${child}.sequence_id = ${parent}.id`,
        defaultOrder: ['position', 'id'],
      },
      {
        name: 'device',
        kind: 'object',
        table: 'devices',
        on: (parent, child) => sql`${child}.id = ${parent}.device_id`,
      },
      {
        name: 'injections',
        kind: 'array',
        table: 'injections',
        on: (parent, child) => sql`${child}.sequence_id = ${parent}.id`,
        defaultOrder: ['id'],
      },
    ],
  },
  {
    name: 'drafts',
    description:
      'Rows of a sequence table (sample, vial, injections, method, enabled). Read-only here: REST.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! sequence_id:Int! position:Int! sample_id:Int vial:Int injections_count:Int!
      method_id:Int enabled:Boolean! created_at:timestamptz!
    `),
    constraints: [pkey('drafts')],
    relationships: [
      {
        name: 'sample',
        kind: 'object',
        table: 'samples',
        on: (parent, child) => sql`${child}.id = ${parent}.sample_id`,
      },
      {
        name: 'method',
        kind: 'object',
        table: 'methods',
        on: (parent, child) => sql`${child}.id = ${parent}.method_id`,
      },
      {
        name: 'sequence',
        kind: 'object',
        table: 'sequences',
        on: (parent, child) => sql`${child}.id = ${parent}.sequence_id`,
      },
    ],
  },
  {
    name: 'injections',
    description: 'Executed injections; written by the sequence runner, read-only here.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! sequence_id:Int draft_id:Int sample_id:Int device_id:Int method_id:Int
      method_snapshot:jsonb replicate:Int! vial:Int state:String! started_at:timestamptz
      finished_at:timestamptz created_at:timestamptz! interrupted_reason:String requeued:Boolean!
      method_version:Int
    `),
    constraints: [pkey('injections')],
    relationships: [
      {
        name: 'measurements',
        kind: 'array',
        table: 'measurements',
        on: (parent, child) => sql`${child}.injection_id = ${parent}.id`,
        defaultOrder: ['id'],
      },
      {
        name: 'sample',
        kind: 'object',
        table: 'samples',
        on: (parent, child) => sql`${child}.id = ${parent}.sample_id`,
      },
    ],
  },
  {
    name: 'measurements',
    description: 'Measurement metadata; the signal itself is served by REST.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! injection_id:Int device_id:Int sample_id:Int name:String! source:String!
      state:String! signal_unit:String! sampling_interval_sec:Float points_count:Int! duration_sec:Float!
      metadata:jsonb! created_at:timestamptz! finished_at:timestamptz channel_of_id:Int channel_name:String
    `),
    constraints: [pkey('measurements')],
    relationships: [
      {
        name: 'peaks',
        kind: 'array',
        table: 'peaks',
        // Peaks of the latest processing result only; older results stay reachable through processing_results.
        on: (parent, child) =>
          sql`${child}.result_id = (select pr.id from processing_results pr where pr.measurement_id = ${parent}.id order by pr.version desc limit 1)`,
        defaultOrder: ['number', 'id'],
      },
      {
        name: 'processing_results',
        kind: 'array',
        table: 'processing_results',
        on: (parent, child) => sql`${child}.measurement_id = ${parent}.id`,
        defaultOrder: ['version'],
      },
      {
        name: 'injection',
        kind: 'object',
        table: 'injections',
        on: (parent, child) => sql`${child}.id = ${parent}.injection_id`,
      },
    ],
    updatable: ['name'],
    audited: true,
  },
  {
    name: 'processing_results',
    description: 'Versions of the processing of one measurement: template snapshot, figures, errors.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! measurement_id:Int! version:Int! kind:String! template_uuid:uuid
      template_snapshot:jsonb! algorithm_versions:jsonb! figures:jsonb! errors:jsonb! reason:String
      created_by:Int created_at:timestamptz!
    `),
    constraints: [pkey('processing_results')],
    relationships: [
      {
        name: 'peaks',
        kind: 'array',
        table: 'peaks',
        on: (parent, child) => sql`${child}.result_id = ${parent}.id`,
        defaultOrder: ['number', 'id'],
      },
    ],
  },
  {
    name: 'peaks',
    description: 'Peaks of a processing result; only the name is edited here (audited).',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! result_id:Int! measurement_id:Int! number:Int! name:String
      retention_time_sec:Float! start_sec:Float! end_sec:Float! baseline_start:Float baseline_end:Float
      area:Float! area_percent:Float height:Float height_percent:Float width_half_sec:Float
      width_base_sec:Float tailing:Float asymmetry:Float plates_half:Float plates_tangent:Float
      resolution:Float retention_factor:Float signal_to_noise:Float amount:Float amount_unit:String
      start_code:String stop_code:String
    `),
    constraints: [pkey('peaks')],
    relationships: [],
    updatable: ['name'],
    audited: true,
    auditLabel: 'number',
    auditParent: { entity: 'measurements', column: 'measurement_id' },
  },
  {
    name: 'shareTokens',
    description:
      'Share links to a sample, injection or sequence. Read-only here: created and revoked through REST.',
    primaryKey: 'id',
    ownerColumn: 'owner_id',
    columns: columns(`
      id:Int! owner_id:Int! token:String! object_type:String! object_id:Int! created_at:timestamptz!
      expires_at:timestamptz! revoked_at:timestamptz
    `),
    constraints: [pkey('shareTokens'), { name: 'shareTokens_token_key', columns: ['token'] }],
    relationships: [],
  },
  {
    name: 'auditEvents',
    description:
      'The audit trail of the current workspace: who (id and address at the time), when, what (kind, id, name at the time, parent), old and new values as written, the reason, and the hash-chain link. Read-only.',
    primaryKey: 'id',
    ownerColumn: 'user_id',
    // The stored record, field for field as REST answers it (docs/audit.md); REST adds the words.
    columns: columns(`
      id:bigint! chain_seq:bigint! user_id:Int user_email:String owner_id:Int workspace_id:Int at:timestamptz!
      entity:String! entity_id:String! label:String parent_entity:String parent_id:String action:String!
      old_values:jsonb new_values:jsonb reason:String prev_hash:String! hash:String!
    `),
    computed: auditComputedFields,
    constraints: [pkey('auditEvents')],
    relationships: [],
  },
];

export const tablesByName = new Map(tables.map((table) => [table.name, table]));

export function tableNamed(name: string): TableDescriptor {
  const table = tablesByName.get(name);
  if (!table) throw new Error(`table ${name} is not described`);
  return table;
}
