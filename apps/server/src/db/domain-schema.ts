// Kysely types of the lab-domain tables (migration 0002_domain).
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | undefined, string>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type DeviceState = 'offline' | 'idle' | 'running' | 'paused' | 'error';
export type SequenceState = 'NEW' | 'RUNNING' | 'PAUSED' | 'FINISHED' | 'STOPPED' | 'ERROR';
export type SampleType = 'sample' | 'standard' | 'blank';
export type InjectionState = 'pending' | 'running' | 'finished' | 'failed' | 'stopped' | 'interrupted';
export type MeasurementState = 'recording' | 'complete' | 'failed';
export type ShareObjectType = 'sample' | 'injection' | 'sequence' | 'overlay';

export interface DevicesTable {
  id: Generated<number>;
  owner_id: Nullable<number>;
  /** The workspace the row belongs to (none: an example, an unclaimed instrument). */
  workspace_id: Nullable<number>;
  serial_number: string;
  name: string;
  pairing_code_hash: string;
  credential_hash: Nullable<string>;
  firmware_version: Defaulted<string>;
  hardware_configuration: Json;
  installed_column: NullableJson;
  wifi: NullableJson;
  state: Defaulted<DeviceState>;
  position: Defaulted<number>;
  last_seen_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MethodsTable {
  id: Generated<number>;
  owner_id: Nullable<number>;
  /** The workspace the row belongs to (none: an example, an unclaimed instrument). */
  workspace_id: Nullable<number>;
  name: string;
  comment: Nullable<string>;
  archived: Defaulted<boolean>;
  favorite: Defaulted<boolean>;
  editable: Defaulted<boolean>;
  is_example: Defaulted<boolean>;
  analog_signal_description: Nullable<string>;
  analog_signal_type: Nullable<string>;
  buffer: Nullable<string>;
  mobile_phase: Nullable<string>;
  solvents: NullableJson;
  gradient: NullableJson;
  flow_rate_ml_per_min: Nullable<number>;
  refill_flow_rate_ml_per_min: Nullable<number>;
  syringe_refill_speed: Nullable<number>;
  run_time_min: Nullable<number>;
  run_time_ms: Nullable<number>;
  temperature: Nullable<number>;
  pressure_min: Nullable<number>;
  /** High-pressure shut-off, bar (migration 0025). */
  pressure_max: Nullable<number>;
  pressure_reach_sec: Nullable<number>;
  measurements: NullableJson;
  hardware_configuration: Json;
  detector_single_channel: NullableJson;
  calibration_delay_sec: Nullable<number>;
  injection_ul: Nullable<number>;
  injection_ms: Nullable<number>;
  injection_sec: Nullable<number>;
  injection_delay_sec: Nullable<number>;
  needle_depth_mm: Nullable<number>;
  wash_after_injection: Nullable<boolean>;
  shaking_duration_ms: Nullable<number>;
  shaking_duration_sec: Nullable<number>;
  fraction_collector_interval_sec: Nullable<number>;
  fraction_collector_start_delay_sec: Nullable<number>;
  fraction_collector_starts_with_vial: Nullable<number>;
  valve_routine: NullableJson;
  valve_initial_position: Nullable<number>;
  valve_does_change_position: Nullable<boolean>;
  valve_change_position_after_sec: Nullable<number>;
  created_at: Timestamp;
}

export interface PostprocessingTemplatesTable {
  id: Generated<number>;
  uuid: string;
  owner_id: Nullable<number>;
  /** The workspace the row belongs to (none: an example, an unclaimed instrument). */
  workspace_id: Nullable<number>;
  name: string;
  is_archived: Defaulted<boolean>;
  is_favorite: Defaulted<boolean>;
  algorithm_base: Defaulted<string>;
  algorithm_binj: Defaulted<string>;
  algorithm_pdet: Defaulted<string>;
  algorithm_peak: Defaulted<string>;
  algorithm_nois: Defaulted<string>;
  params_pdet: Json;
  params_peak: Json;
  params_base: Json;
  params_binj: Json;
  params_nois: Json;
  params_dtim: Json;
  /** The template's components (migration 0013): a JSON list checked by componentsSchema (contracts). */
  components: Json;
  /** How the calibration takes its standards (migration 0014): the whole sequence or the bracketing ones. */
  calibration_mode: Defaulted<'total' | 'bracketed'>;
  /** Timed integration events (migration 0026): a JSON list checked by integrationEventsSchema (contracts). */
  integration_events: Nullable<Json>;
  /** Reporting threshold in percent of the total area (migration 0026); null: the core's 0.05 %. */
  reporting_threshold_percent: Nullable<number>;
  /** Detect negative peaks (migration 0026); null: off, the CDS default. */
  peak_detection_negative_peaks: Nullable<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SamplesTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  name: string;
  type: Defaulted<SampleType>;
  description: Defaulted<string>;
  device_id: Nullable<number>;
  method_id: Nullable<number>;
  column_name: Nullable<string>;
  created_at: Timestamp;
}

export interface StandardsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  sample_id: number;
  analyte: string;
  amount: Nullable<number>;
  amount_unit: Defaulted<string>;
  retention_time_sec: Nullable<number>;
  window_sec: Defaulted<number>;
  created_at: Timestamp;
}

export interface SequencesTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  device_id: Nullable<number>;
  name: string;
  method_id: Nullable<number>;
  template_uuid: Nullable<string>;
  state: Defaulted<SequenceState>;
  current_draft_id: Nullable<number>;
  current_injection_id: Nullable<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  /** Domain error code the sequence stopped with (migration 0005). */
  error_code: Nullable<string>;
  /** Who started (or last resumed or continued) the run; the runner's audit events name them (0016). */
  started_by: Nullable<number>;
}

export interface DraftsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  sequence_id: number;
  position: Defaulted<number>;
  sample_id: Nullable<number>;
  vial: Nullable<number>;
  injections_count: Defaulted<number>;
  method_id: Nullable<number>;
  enabled: Defaulted<boolean>;
  /** Sample weight in mg (migration 0014); null: not weighed. */
  weight_mg: Nullable<number>;
  /** Dilution factor; null: 1. */
  dilution: Nullable<number>;
  /** Injection volume in µL; null: the method's. */
  injection_ul: Nullable<number>;
  /** A standard on this row checks the curve instead of calibrating it. */
  check_standard: Defaulted<boolean>;
  created_at: Timestamp;
}

export interface InjectionsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  sequence_id: Nullable<number>;
  draft_id: Nullable<number>;
  sample_id: Nullable<number>;
  device_id: Nullable<number>;
  method_id: Nullable<number>;
  method_snapshot: NullableJson;
  replicate: Defaulted<number>;
  vial: Nullable<number>;
  state: Defaulted<InjectionState>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  /** Catalogue code of why an `interrupted` injection ended (migration 0009). */
  interrupted_reason: Nullable<string>;
  /** The interrupted row runs again: the plan does not count this injection as made (migration 0009). */
  requeued: Defaulted<boolean>;
}

export interface MeasurementsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  injection_id: Nullable<number>;
  device_id: Nullable<number>;
  sample_id: Nullable<number>;
  name: Defaulted<string>;
  source: Defaulted<'device' | 'import'>;
  state: Defaulted<MeasurementState>;
  signal_unit: Defaulted<string>;
  sampling_interval_sec: Nullable<number>;
  points_count: Defaulted<number>;
  duration_sec: Defaulted<number>;
  metadata: Json;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** The result the user picked as current; null: the newest version (migration 0006). */
  current_result_id: Nullable<number>;
  /** The run's first channel, for the further channels of an imported run (migration 0022). */
  channel_of_id: Nullable<number>;
  /** The signal's own description in a run of several channels (migration 0022). */
  channel_name: Nullable<string>;
}

/** A chunk's series are little-endian doubles (lib/float-bytes.ts; migration 0021). */
export interface MeasurementChunksTable {
  measurement_id: number;
  chunk_index: number;
  time_sec: Uint8Array;
  signal: Uint8Array;
  pressure_bar: Nullable<Uint8Array>;
  points: number;
  first_time_sec: number;
  last_time_sec: number;
  created_at: Timestamp;
}

/** A run's diode-array spectra (migration 0027): little-endian doubles, the absorbance row by row. */
export interface MeasurementSpectraTable {
  id: Generated<number>;
  measurement_id: number;
  file_name: string;
  unit: string;
  spectra: number;
  wavelengths: number;
  time_sec: Uint8Array;
  wavelength_nm: Uint8Array;
  absorbance: Uint8Array;
  created_at: Generated<Timestamp>;
}

export interface ProcessingResultsTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  measurement_id: number;
  version: number;
  kind: Defaulted<'automatic' | 'manual'>;
  template_uuid: Nullable<string>;
  template_snapshot: JSONColumnType<Record<string, unknown>, string, string>;
  algorithm_versions: Json;
  figures: Json;
  errors: Json;
  reason: Nullable<string>;
  created_by: Nullable<number>;
  created_at: Timestamp;
  /** The result a manual edit started from (migration 0005). */
  parent_result_id: Nullable<number>;
  /** The reprocessing job that made this result (migration 0005). */
  job_id: Nullable<number>;
}

export interface PeaksTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  result_id: number;
  measurement_id: number;
  number: number;
  name: Nullable<string>;
  retention_time_sec: number;
  start_sec: number;
  end_sec: number;
  baseline_start: Nullable<number>;
  baseline_end: Nullable<number>;
  area: number;
  area_percent: Nullable<number>;
  height: Nullable<number>;
  height_percent: Nullable<number>;
  width_half_sec: Nullable<number>;
  width_base_sec: Nullable<number>;
  tailing: Nullable<number>;
  asymmetry: Nullable<number>;
  plates_half: Nullable<number>;
  plates_tangent: Nullable<number>;
  resolution: Nullable<number>;
  retention_factor: Nullable<number>;
  signal_to_noise: Nullable<number>;
  amount: Nullable<number>;
  amount_unit: Nullable<string>;
  /** Separation codes (B, V, T, S; N for a negative peak's own code); null before codes were kept. */
  start_code: Nullable<string>;
  stop_code: Nullable<string>;
}

export interface ShareTokensTable {
  id: Generated<number>;
  owner_id: number;
  workspace_id: number;
  token: string;
  object_type: ShareObjectType;
  object_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: Nullable<number>;
  /** The workspace of the changed object (none for events outside any workspace). */
  workspace_id: Nullable<number>;
  at: Timestamp;
  entity: string;
  entity_id: string;
  action: string;
  old_values: NullableJson;
  new_values: NullableJson;
  reason: Nullable<string>;
  /** The e-mail address of user_id when the event was written (set by the database). */
  user_email: Nullable<string>;
  /** Whose object the event is about (the database falls back to user_id). */
  owner_id: Nullable<number>;
  /** A human name of the object (its name, a sequence row's vial …); the database falls back to `name`. */
  label: Nullable<string>;
  /** The object whose trail also shows this event (a sequence for its rows, a measurement for its results). */
  parent_entity: Nullable<string>;
  parent_id: Nullable<string>;
  /** Position in the hash chain, the previous event's hash and this event's: set by the database. */
  chain_seq: Generated<number>;
  prev_hash: Generated<string>;
  hash: Generated<string>;
}

export interface AuditChainHeadTable {
  id: number;
  last_seq: number;
  last_hash: string;
}

export interface DomainTables {
  devices: DevicesTable;
  methods: MethodsTable;
  postprocessingTemplates: PostprocessingTemplatesTable;
  samples: SamplesTable;
  standards: StandardsTable;
  sequences: SequencesTable;
  drafts: DraftsTable;
  injections: InjectionsTable;
  measurements: MeasurementsTable;
  measurement_chunks: MeasurementChunksTable;
  measurement_spectra: MeasurementSpectraTable;
  processing_results: ProcessingResultsTable;
  peaks: PeaksTable;
  shareTokens: ShareTokensTable;
  auditEvents: AuditEventsTable;
  auditChainHead: AuditChainHeadTable;
}
