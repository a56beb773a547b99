// The words of the audit trail: each kind of object, each action and each field by the name a chemist reads
// on screen ("Injections", not injections_count). Fields without an entry fall back to their column name in
// words; audit-labels.test.ts holds every audited column to an entry.

import { actionLabels, entityLabels, words } from '../../lib/audit-words.ts';

export { actionLabels, entityLabels, words };

/** Columns that identify or stamp a row and say nothing about a change. */
export const hiddenFields = new Set([
  'id',
  'owner_id',
  'created_at',
  'updated_at',
  'locked',
  'uuid',
  '_check',
]);

const methodFields: Record<string, string> = {
  name: 'Name',
  comment: 'Comment',
  archived: 'Archived',
  favorite: 'Favorite',
  editable: 'Editable',
  is_example: 'Example',
  analog_signal_description: 'Analog signal description',
  analog_signal_type: 'Analog signal type',
  buffer: 'Buffer',
  mobile_phase: 'Mobile phase',
  solvents: 'Solvents',
  gradient: 'Gradient',
  flow_rate_ml_per_min: 'Flow rate (mL/min)',
  refill_flow_rate_ml_per_min: 'Refill flow rate (mL/min)',
  syringe_refill_speed: 'Syringe refill speed',
  run_time_min: 'Run time (min)',
  run_time_ms: 'Run time (ms)',
  temperature: 'Temperature (°C)',
  pressure_min: 'Minimum pressure (bar)',
  pressure_max: 'Maximum pressure (bar)',
  on_interrupted_injection: 'On an interrupted injection',
  version: 'Version',
  pressure_reach_sec: 'Time to reach pressure (s)',
  measurements: 'Measured channels',
  hardware_configuration: 'Hardware configuration',
  detector_single_channel: 'Detector channel',
  calibration_delay_sec: 'Calibration delay (s)',
  injection_ul: 'Injection volume (µL)',
  injection_ms: 'Injection time (ms)',
  injection_sec: 'Injection time (s)',
  injection_delay_sec: 'Injection delay (s)',
  needle_depth_mm: 'Needle depth (mm)',
  wash_after_injection: 'Wash after injection',
  shaking_duration_ms: 'Shaking (ms)',
  shaking_duration_sec: 'Shaking (s)',
  fraction_collector_interval_sec: 'Fraction collector interval (s)',
  fraction_collector_start_delay_sec: 'Fraction collector start delay (s)',
  fraction_collector_starts_with_vial: 'Fraction collector first vial',
  valve_routine: 'Valve routine',
  valve_initial_position: 'Valve initial position',
  valve_does_change_position: 'Valve changes position',
  valve_change_position_after_sec: 'Valve change after (s)',
};

const templateFields: Record<string, string> = {
  name: 'Name',
  is_archived: 'Archived',
  is_favorite: 'Favorite',
  algorithm_base: 'Baseline algorithm',
  algorithm_binj: 'Blank subtraction algorithm',
  algorithm_pdet: 'Peak detection algorithm',
  algorithm_peak: 'Integration algorithm',
  algorithm_nois: 'Noise algorithm',
  params_base: 'Baseline settings',
  params_binj: 'Blank subtraction settings',
  params_pdet: 'Peak detection settings',
  params_peak: 'Integration settings',
  params_nois: 'Noise settings',
  params_dtim: 'Detection window',
  components: 'Components',
  calibration_mode: 'Calibration mode',
  integration_events: 'Integration events',
  version: 'Version',
  reporting_threshold_percent: 'Reporting threshold (%)',
  peak_detection_negative_peaks: 'Negative peaks',
};

const deviceFields: Record<string, string> = {
  name: 'Name',
  position: 'Position in the list',
  serial_number: 'Serial number',
  firmware_version: 'Firmware',
  hardware_configuration: 'Hardware configuration',
  installed_column: 'Installed column',
  state: 'State',
  last_seen_at: 'Last seen',
  command: 'Command',
  credential: 'Credential',
  column: 'Installed column',
  ssid: 'Wi-Fi network',
  vial: 'Vial',
  method: 'Method',
  method_id: 'Method',
  sample_id: 'Sample',
  injection_id: 'Injection',
  measurement_id: 'Measurement',
  template_uuid: 'Processing template',
  ids: 'Order',
  pump_on: 'Pump on',
  flow_ml_per_min: 'Flow, mL/min',
  percent_b: '%B',
  temperature_c: 'Column temperature, °C',
  duration_sec: 'Duration, s',
  column_volumes: 'Column volumes',
  setpoints: 'Setpoints',
};

const sampleFields: Record<string, string> = {
  name: 'Name',
  type: 'Type',
  description: 'Description',
  device_id: 'Instrument',
  method_id: 'Method',
  column_name: 'Column',
  analytes: 'Analytes',
};

const sequenceFields: Record<string, string> = {
  name: 'Name',
  device_id: 'Instrument',
  method_id: 'Method',
  template_uuid: 'Processing template',
  state: 'State',
  error_code: 'Error',
  value: 'Row order',
};

const draftFields: Record<string, string> = {
  sequence_id: 'Sequence',
  position: 'Position',
  sample_id: 'Sample',
  vial: 'Vial',
  injections_count: 'Injections',
  method_id: 'Method',
  enabled: 'Enabled',
  weight_mg: 'Weight (mg)',
  dilution: 'Dilution',
  injection_ul: 'Injection volume (µL)',
  check_standard: 'Check standard',
  calibration_level: 'Calibration level',
};

const injectionFields: Record<string, string> = {
  state: 'State',
  sample_id: 'Sample',
  vial: 'Vial',
  replicate: 'Replicate',
  method_id: 'Method',
  measurement_id: 'Measurement',
  error_code: 'Error',
  interrupted_reason: 'Interruption',
  sequence_state: 'Sequence state',
  requeued: 'Run again',
};

const measurementFields: Record<string, string> = {
  name: 'Name',
  injection_id: 'Injection',
  device_id: 'Instrument',
  sample_id: 'Sample',
  source: 'Source',
  state: 'State',
  signal_unit: 'Signal unit',
  sampling_interval_sec: 'Sampling interval (s)',
  points_count: 'Points',
  duration_sec: 'Duration (s)',
  metadata: 'Details',
  finished_at: 'Finished',
  file_name: 'File',
  points: 'Points',
  dropouts: 'Dropouts',
  current_result_id: 'Result shown',
  channel_of_id: 'Run',
  channel_name: 'Channel',
  channels: 'Channels',
  result_id: 'Result',
  version: 'Version',
  template_uuid: 'Processing template',
  peaks_count: 'Peaks',
  errors: 'Processing errors',
};

const resultFields: Record<string, string> = {
  result_id: 'Result',
  peaks: 'Peaks',
  changes: 'Edits',
  version: 'Version',
  kind: 'Kind',
  template_uuid: 'Processing template',
  peaks_count: 'Peaks',
  errors: 'Processing errors',
};

const jobFields: Record<string, string> = {
  scope: 'Scope',
  target_id: 'Object',
  template_uuid: 'Processing template',
  total: 'Measurements',
};

const calibrationFields: Record<string, string> = {
  analyte: 'Analyte',
  model: 'Model',
  weighting: 'Weighting',
  points: 'Levels',
  r_squared: 'R²',
  coefficients: 'Coefficients',
};

const peakFields: Record<string, string> = {
  name: 'Name',
  number: 'Number',
  result_id: 'Result',
  measurement_id: 'Measurement',
  retention_time_sec: 'Retention time (s)',
  start_sec: 'Start (s)',
  end_sec: 'End (s)',
  baseline_start: 'Baseline at start',
  baseline_end: 'Baseline at end',
  area: 'Area',
  area_percent: 'Area %',
  height: 'Height',
  height_percent: 'Height %',
  width_half_sec: 'Width at half height (s)',
  width_base_sec: 'Width at base (s)',
  tailing: 'Tailing',
  asymmetry: 'Asymmetry',
  plates_half: 'Plates (half height)',
  plates_tangent: 'Plates (tangent)',
  resolution: 'Resolution',
  retention_factor: 'Retention factor',
  signal_to_noise: 'Signal to noise',
  amount: 'Amount',
  amount_unit: 'Amount unit',
  start_code: 'Start code',
  stop_code: 'Stop code',
};

const signatureFields: Record<string, string> = {
  state: 'Review state',
  meaning: 'Meaning',
  results: 'Signed result versions',
  sha256: 'SHA-256 of the signed content',
  signatures: 'Signatures',
  current_version: 'Current version',
  valid: 'Valid',
};

const reportFields: Record<string, string> = {
  number: 'Report number',
  kind: 'Report',
  subject_id: 'Of',
};

const shareFields: Record<string, string> = {
  object_type: 'Shared object',
  object_id: 'Object',
  expires_at: 'Expires',
  revoked_at: 'Revoked',
};

const accountFields: Record<string, string> = {
  full_name: 'Full name',
};

export const fieldLabels: Record<string, Record<string, string>> = {
  users: accountFields,
  methods: methodFields,
  postprocessingTemplates: templateFields,
  devices: deviceFields,
  samples: sampleFields,
  standards: sampleFields,
  sequences: sequenceFields,
  drafts: draftFields,
  injections: injectionFields,
  measurements: measurementFields,
  processing_results: resultFields,
  processing_jobs: jobFields,
  calibrations: calibrationFields,
  peaks: peakFields,
  shareTokens: shareFields,
  signatures: signatureFields,
  reports: reportFields,
};

export function fieldLabel(entity: string, field: string): string {
  // A calibration's fields are its analytes, named as the user named them.
  if (entity === 'calibrations') return field;
  return fieldLabels[entity]?.[field] ?? words(field);
}

export function entityLabel(entity: string): string {
  return entityLabels[entity] ?? words(entity);
}

export function actionLabel(action: string): string {
  return actionLabels[action] ?? words(action);
}
