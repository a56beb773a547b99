// The rules of a sample, blank or standard write (spec §5 "Device, method and column must not be empty",
// §8 "Standard/sample"): the instrument, method and column are named; the column is installed; the method
// fits the instrument; a standard is written only as a standard, a sample only as a sample. The REST
// services call these (GraphQL does not write samples or standards; see docs/graphql.md).
import { AppError } from '../../errors.ts';
import type { DeviceRow, MethodRow, SampleRow } from '../../repositories/samples.ts';
import { methodFitsDevice } from '../sequences/sequences-rules.ts';

export type SampleController = 'sample' | 'standard';

/**
 * Device, method and column are given (a create) or not cleared (`partial`, an update): the "must not be
 * None" rules answer before the general form checks.
 */
export function checkInstrumentNamed(body: Record<string, unknown>, partial: boolean): void {
  const missing = (key: string) =>
    partial ? key in body && body[key] === null : body[key] === undefined || body[key] === null;
  if (missing('device_id')) throw AppError.domain(400, 'sample_device_required');
  if (missing('method_id')) throw AppError.domain(400, 'sample_method_required');
  if (missing('column_name')) throw AppError.domain(400, 'sample_column_required');
}

/** The instrument is the user's, the method is usable, a column is installed and named, the method fits. */
export function checkSampleInstrument(
  device: DeviceRow | undefined,
  method: MethodRow | undefined,
  columnName: string,
): void {
  if (!device) throw AppError.domain(404, 'device_not_found');
  if (!method) throw AppError.domain(400, 'device_method_not_configured');
  if (columnName.trim() === '' || !device.installed_column)
    throw AppError.domain(400, 'sample_column_not_selected');
  if (!methodFitsDevice(method, device)) throw AppError.domain(400, 'method_hardware_mismatch');
}

/** A body for the sample controller never makes a standard. */
export function checkNotStandard(body: Record<string, unknown>, controller: SampleController): void {
  if (controller === 'sample' && body.type === 'standard') throw AppError.domain(400, 'sample_is_standard');
}

/** A stored row is read and written only through its own controller. */
export function checkController(row: SampleRow, controller: SampleController): void {
  if (controller === 'sample' && row.type === 'standard') throw AppError.domain(400, 'sample_is_standard');
  if (controller === 'standard' && row.type !== 'standard')
    throw AppError.domain(400, 'sequence_unexpected_sample_type');
}
