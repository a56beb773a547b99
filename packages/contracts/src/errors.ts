/**
 * The domain error catalogue of spec §8: every code the server answers with `{code, detail}` and the
 * user-facing message for it. Server and web import these; no message is written anywhere else.
 */
export const domainErrors = {
  // Sequence
  sequence_device_offline: 'Device is offline.',
  sequence_device_busy: 'Device is busy.',
  // A lab starts a sequence on a ready instrument: an equilibration is never cut short (docs/sequences.md).
  sequence_device_equilibrating:
    'The instrument is equilibrating: start the sequence when it is ready, or stop the equilibration on its page.',
  sequence_no_instructions: 'There are no instructions in the sequence table.',
  sequence_no_method: 'Neither draft nor sequence method is configured.',
  sequence_not_running: 'Sequence state must be RUNNING.',
  sequence_current_draft_not_set: 'Current draft is not set.',
  sequence_injection_not_finished: 'Current injection is not finished.',
  sequence_already_running: 'Sequence is already RUNNING.',
  sequence_cannot_resume: 'Cannot RESUME a sequence that is not PAUSED or has no injection.',
  sequence_cannot_pause: 'Cannot PAUSE a sequence that is not RUNNING.',
  sequence_not_found: 'Sequence not found.',
  sequence_injection_without_measurement: 'Injection has no measurement.',
  sequence_method_not_configured: 'Method is not configured.',
  sequence_device_not_connected: 'Device is not connected.',
  sequence_instrument_error: 'The instrument reported an error.',
  sequence_instrument_not_confirmed:
    'The sequence state was saved, but the instrument did not confirm the command. Check the instrument.',
  sequence_unexpected_sample_type: 'Unexpected sample type.',
  sequence_standards_incomplete: 'Cannot start the sequence: define amount and time for all standards.',
  sequence_method_incompatible: 'Method is not compatible with the device configuration.',
  sequence_interrupted:
    'The current injection was interrupted: continue with the next row, run the row again or stop the sequence.',
  sequence_not_interrupted: 'The sequence has no interrupted injection.',
  sequence_running_method_locked: 'The method cannot be changed while the sequence is running or paused.',
  sequence_running_template_locked:
    'The processing template cannot be changed while the sequence is running or paused.',
  sequence_running_device_locked: 'The instrument cannot be changed while the sequence is running or paused.',
  // Records that stay as signed (docs/signatures.md "Locks")
  record_signed_locked:
    'This record is signed: it cannot be changed or deleted. Make a new version or a new sequence instead.',
  sequence_running_locked:
    'The sequence is running: its instrument, method, template and the rows that ran stay as they are, and it cannot be deleted.',
  // Interrupted injections (the reason kept on the injection)
  injection_interrupted_restart:
    'The server restarted during the injection and the instrument no longer had the run.',
  injection_interrupted_instrument_lost:
    'The instrument went offline during the injection and did not come back in time.',
  injection_interrupted_instrument_reset: 'The instrument came back without the run.',
  injection_interrupted_operator_stop: 'The run was stopped on the instrument during the injection.',
  // Standard / sample
  sample_device_required: 'Device must not be None.',
  sample_method_required: 'Method must not be None.',
  sample_column_required: 'Column must not be None.',
  sample_column_not_selected: 'Column is not selected.',
  sample_is_standard: 'Sample is a Standard, use the standard controller.',
  sample_injected:
    'This sample has been injected: it is part of the record and can no longer be changed or deleted. Make a new sample for new runs.',
  standard_injected:
    'This standard has been injected: it is part of the record and can no longer be changed or deleted. Correct expected retention times and amounts in the components of the processing template, then reprocess.',
  // Device
  device_column_not_configured: 'Column is not configured.',
  device_different: 'Different device.',
  device_method_not_configured: 'Method is not configured or is incompatible with the device.',
  device_pump_not_ready: 'Pump is not ready.',
  device_injector_not_ready: 'Injector is not ready.',
  device_detector_not_ready: 'Detector is not ready.',
  device_not_configured: 'Device is not configured.',
  device_not_found: 'Device not found.',
  device_claim_invalid: 'Serial number or pairing code is not valid.',
  device_already_claimed: 'Device is already claimed by another account.',
  // Instrument controls (docs/device-protocol.md "Pump, purge, equilibration, setpoints")
  device_flow_above_limit: 'Flow must be at most {max} mL/min on this instrument.',
  device_temperature_out_of_range:
    'Column temperature must be between {min} and {max} °C on this instrument.',
  device_pressure_above_limit: "At this flow the pressure would exceed the pump's pressure limit.",
  device_purging: 'The pump is purging: wait until the purge ends or stop it.',
  // Pressure shut-offs of the method (docs/device-protocol.md "Pressure limits")
  device_pressure_above_method_max:
    "The method's planned pressure exceeds its maximum pressure: the run was not started.",
  device_pressure_max_shutoff:
    'The pressure rose above the maximum pressure of the method: the instrument stopped the pump and the run.',
  device_pressure_min_shutoff:
    'The pressure fell below the minimum pressure of the method: the instrument stopped the pump and the run (a leak or an empty solvent bottle?).',
  method_pressure_range_invalid: 'The minimum pressure must be lower than the maximum pressure.',
  // Fraction collector
  fraction_collector_invalid_interval: 'Fraction collector interval is not valid.',
  fraction_collector_valve_required: 'A fraction collector valve is required.',
  fraction_collector_not_enough_vials: 'Not enough vials in the fraction collector.',
  fraction_collector_needle_wash_not_allowed:
    'Needle wash is not allowed with an autosampler fraction collector.',
  // Sequence table
  draft_not_in_sequence: 'Draft is not in the sequence.',
  draft_id_required: 'ID is required to update a draft.',
  draft_invalid_sequence_id: 'Invalid sequence ID.',
  draft_sample_not_in_sequence: 'Sample must be in the sequence.',
  draft_invalid: 'Draft is invalid.',
  draft_cannot_be_enabled: 'Draft cannot be enabled: define amount and time for the standard.',
  draft_locked: 'Rows that have run or are running cannot be changed or deleted.',
  // Measurement
  measurement_no_injection: 'Measurement has no injection.',
  measurement_no_peak: 'No peak found for the analyte.',
  measurement_no_standard: 'No standard for the analyte.',
  measurement_no_response_factor: 'There is no response factor in the standard.',
  measurement_not_found: 'Measurement not found.',
  measurement_file_invalid: 'The file is not a valid chromatogram.',
  measurement_file_empty: 'The file is empty.',
  measurement_file_not_aia: 'Not a valid AIA file: the file is not a netCDF-3 chromatogram.',
  measurement_file_truncated: 'Not a valid AIA file: it is truncated (the file ends before its data does).',
  measurement_file_netcdf4:
    'netCDF-4/HDF5 files are not supported; export the chromatogram as AIA (netCDF-3).',
  measurement_file_binary:
    'Not a valid AIA file, and not CSV text: the file is binary. Export the chromatogram as AIA (.cdf) or CSV.',
  measurement_file_no_data: 'The file holds no valid samples.',
  measurement_file_csv_invalid: 'The CSV file could not be read as a time column and a signal column.',
  measurement_file_too_many_points: 'The file holds more points than this server imports.',
  measurement_file_too_large: 'The file is larger than this server imports.',
  measurement_file_upload_interrupted: 'The upload stopped before the whole file arrived; import it again.',
  import_job_not_found: 'Import not found.',
  import_job_ended: 'The import has already ended.',
  import_job_cancelled: 'The import was cancelled.',
  import_job_process_stopped: 'The server process importing the file stopped; import it again.',
  measurement_file_vendor_version: 'The vendor file is of a version Eluent does not read.',
  measurement_file_vendor_corrupt: 'The vendor file is damaged or truncated.',
  measurement_asm_unit: 'ASM has no chromatogram for this signal unit (absorbance or voltage only).',
  measurement_file_archive_invalid: 'The archive could not be read as a run folder.',
  measurement_spectra_not_found: 'This measurement has no diode-array spectra.',
  measurement_vendor_table_not_found:
    'This measurement has no vendor peak table: only an imported AIA file that carries one has it.',
  // Method
  method_only_name_changeable: 'Only name is changeable.',
  method_hardware_mismatch: 'Method hardware configuration does not match the device.',
  method_configuration_incompatible: 'Method configuration is incompatible.',
  // Placeholders are filled from the instrument's hardware configuration (`limitBreach`, `limitRefusalText`).
  method_limit_max: 'At most {max} {unit}, the limit of the instrument’s {part}.',
  method_limit_min: 'At least {min} {unit}, the limit of the instrument’s {part}.',
  method_exceeds_instrument_limits:
    'Method “{method}” cannot run on {instrument}: {quantity} is {value} {unit}, the {part} allows {allowed}.',
  // Peak processing
  processing_general_error: 'Peak processing failed.',
  processing_no_peaks: 'No peaks found.',
  processing_job_not_found: 'Processing job not found.',
  processing_nothing_to_do: 'There are no measurements to process.',
  processing_template_invalid:
    'The processing template is not valid; open it in the editor and save it again.',
  result_not_found: 'Result not found.',
  // Components and calibration
  template_not_found: 'Template not found.',
  method_not_found: 'Method not found.',
  record_version_not_found: 'This version does not exist.',
  component_not_found: 'Component not found in the standard.',
  components_none_found: 'None of the components was found in this standard.',
  calibration_too_few_levels: 'Too few calibration levels for the model.',
  calibration_amount_not_positive: 'Calibration amounts must be higher than 0.',
  calibration_not_finite: 'A calibration amount or area is not a number.',
  calibration_flat: 'The calibration curve is flat: the areas do not change with the amount.',
  // Manual integration
  // Placeholders in braces are named by the refusal (`domainErrorText`).
  integration_reason_required: 'A reason is required for every manual integration change.',
  integration_no_changes: 'There are no changes to save.',
  integration_peak_not_found: 'There is no peak {peak} in the result.',
  integration_start_after_end: 'A peak must start before it ends.',
  integration_outside_signal: 'Peak limits must lie inside the signal ({first}–{last} min).',
  integration_overlap: 'The new limits overlap peak {peak}.',
  integration_too_narrow: 'A peak needs a signal sample between its start and its end.',
  integration_split_outside: 'The split time must lie inside peak {peak}.',
  integration_merge_too_few: 'Select two or more neighbouring peaks to merge.',
  integration_merge_not_adjacent:
    'Only neighbouring peaks can be merged: peak {peak} is not next to peak {other}.',
  // Sharing
  share_object_not_found: 'The object to share was not found.',
  share_token_not_found: 'Share token not found.',
  // Saved overlays
  overlay_not_found: 'Overlay not found.',
  overlay_measurement_not_found: 'A chromatogram of the overlay was not found.',
  // Workspaces, members, invitations, e-mail verification
  workspace_not_found: 'Workspace not found.',
  workspace_member_not_found: 'This person is not a member of the workspace.',
  workspace_role_invalid: 'Role must be analyst, reviewer, admin or auditor.',
  workspace_last_admin:
    'A workspace needs at least one administrator: make someone else an administrator first.',
  invitation_invalid: 'The invitation is not valid: it was used, revoked or has expired.',
  invitation_email_mismatch:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  invitation_not_found: 'Invitation not found.',
  invitation_already_member: 'This address belongs to a member of the workspace already.',
  email_not_verified: 'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
  email_verification_invalid: 'The verification link is not valid: it was used or has expired.',
  // Review and electronic signatures (docs/signatures.md)
  signature_meaning_invalid: 'Meaning must be authored, reviewed, approved or rejected.',
  signature_password_required: 'Enter your password to sign.',
  signature_password_wrong: 'The password is not correct: nothing was signed.',
  signature_reason_required: 'Give a reason for the rejection.',
  signature_nothing_to_sign: 'There is no processing result to sign yet.',
  signature_not_permitted: 'Your role ({role}) cannot sign results as {meaning}.',
  signature_own_work: 'You cannot sign your own work as {meaning}: you processed or integrated this result.',
  signature_reviewer_approves:
    'You reviewed this result: someone else must approve it (separation of duties).',
  signature_state_invalid: 'A result that is {state} cannot be signed as {meaning}.',
  signature_superseded:
    'Superseded by version {current}: version {signed} is kept as signed; version {current} needs its own signatures.',
  signature_invalid_changed:
    'Not valid for the current result: version {version} changed after signing (peaks or amounts).',
  signature_invalid_coverage: 'Not valid for the current results: the injections changed after signing.',
  signature_invalid_calibration: 'Not valid for the current results: the calibration changed after signing.',
  // Publishers
  publisher_unsupported_key: 'Unsupported key in data.',
  // Wi-Fi
  wifi_password_wrong: 'Wi-Fi password is wrong.',
  wifi_network_not_found: 'Wi-Fi network name was not found.',
  // Audit trail
  audit_object_not_found: 'No audit trail: the object does not exist or is not yours.',
  audit_object_kind_unknown: 'Unknown kind of object for an audit trail.',
  audit_range_invalid: 'The start of the date range must be before its end.',
  // Generic
  server_error: 'Server error: unable to execute the request.',
  database_unavailable: 'The database is not reachable at the moment. Please try again shortly.',
  timeout: 'Timeout',
  // Platform
  not_found: 'Not found.',
  method_not_allowed: 'Method not allowed.',
  invalid: 'Invalid data.',
  payload_too_large: 'Request body is too large.',
  input_text_invalid: 'Text must not contain NUL characters or unpaired surrogates.',
  input_text_too_long: 'Text is too long.',
  input_number_out_of_range: 'A number is out of range.',
  unsupported_media_type: 'Unsupported media type.',
  throttled: 'Too many requests. Please wait a minute and try again.',
  forbidden: 'You do not have permission to perform this action.',
  not_authenticated: 'Authentication credentials were not provided.',
  csrf_failed: 'CSRF Failed: CSRF token missing or incorrect.',
  email_taken: 'A user with this email already exists.',
  reset_code_invalid: 'The password reset code is not valid or has expired.',
  google_signin_disabled: 'Google sign-in is not configured.',
  google_token_invalid: 'Google ID token is not valid.',
} as const;

export type DomainErrorCode = keyof typeof domainErrors;

/** The values a catalogue message names in braces, e.g. `{peak}`. */
export type DomainErrorValues = Readonly<Record<string, string | number>>;

/**
 * A catalogue message with its placeholders filled; a placeholder without a value stays as written.
 * @example domainErrorText('integration_overlap', { peak: 2 }) // 'The new limits overlap peak 2.'
 */
export function domainErrorText(code: DomainErrorCode, values: DomainErrorValues = {}): string {
  return domainErrors[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** Numeric device codes of spec §8 and their messages. */
export const deviceNumericErrors = {
  101: 'Firmware error.',
  102: 'Firmware error.',
  200: 'Wi-Fi network name was not found.',
  201: 'Wi-Fi password is wrong.',
  202: 'Wi-Fi connection failed.',
  999: 'Unknown device error.',
} as const;

export type DeviceNumericErrorCode = keyof typeof deviceNumericErrors;

/** The body of every REST error: a stable code and a human message, with per-field messages for forms. */
export interface ErrorBody {
  code: string;
  detail: string;
  fields?: Record<string, string[]>;
}
