/**
 * The domain error catalogue of spec §8: every code the server answers with `{code, detail}` and the
 * user-facing message for it. Server and web import these; no message is written anywhere else.
 */
export const domainErrors = {
  // Sequence
  sequence_device_offline: 'Device is offline.',
  sequence_device_busy: 'Device is busy.',
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
  // Interrupted injections (the reason kept on the injection)
  injection_interrupted_restart:
    'The server restarted during the injection and the instrument no longer had the run.',
  injection_interrupted_instrument_lost:
    'The instrument went offline during the injection and did not come back in time.',
  injection_interrupted_instrument_reset: 'The instrument came back without the run.',
  // Standard / sample
  sample_device_required: 'Device must not be None.',
  sample_method_required: 'Method must not be None.',
  sample_column_required: 'Column must not be None.',
  sample_column_not_selected: 'Column is not selected.',
  sample_is_standard: 'Sample is a Standard, use the standard controller.',
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
  // Method
  method_only_name_changeable: 'Only name is changeable.',
  method_hardware_mismatch: 'Method hardware configuration does not match the device.',
  method_configuration_incompatible: 'Method configuration is incompatible.',
  // Peak processing
  processing_general_error: 'Peak processing failed.',
  processing_no_peaks: 'No peaks found.',
  processing_job_not_found: 'Processing job not found.',
  processing_nothing_to_do: 'There are no measurements to process.',
  processing_template_invalid:
    'The processing template is not valid; open it in the editor and save it again.',
  result_not_found: 'Result not found.',
  // Manual integration
  integration_reason_required: 'A reason is required for every manual integration change.',
  integration_peak_not_found: 'Peak not found in the result.',
  integration_invalid_limits: 'Peak start must be before its end and inside the signal.',
  integration_split_outside: 'The split time must lie inside the peak.',
  integration_merge_not_adjacent: 'Only two neighbouring peaks can be merged.',
  // Sharing
  share_object_not_found: 'The object to share was not found.',
  share_token_not_found: 'Share token not found.',
  // Publishers
  publisher_unsupported_key: 'Unsupported key in data.',
  // Wi-Fi
  wifi_password_wrong: 'Wi-Fi password is wrong.',
  wifi_network_not_found: 'Wi-Fi network name was not found.',
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
