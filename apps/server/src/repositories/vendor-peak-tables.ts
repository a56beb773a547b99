// SQL for the vendor's peak table of an imported AIA file (migration 0028), kept with its measurement.
import type { VendorPeak } from '@eluent/signal';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores the vendor's table with the measurement, in the caller's transaction. */
export async function insertVendorPeakTable(
  trx: Db,
  measurementId: number,
  peaks: readonly VendorPeak[],
): Promise<void> {
  await trx
    .insertInto('measurement_vendor_peak_tables')
    .values({ measurement_id: measurementId, peaks: JSON.stringify(peaks) })
    .execute();
}

/** The vendor's table stored with the measurement; undefined when its file had none. */
export async function vendorPeakTable(db: Db, measurementId: number): Promise<VendorPeak[] | undefined> {
  const row = await db
    .selectFrom('measurement_vendor_peak_tables')
    .select('peaks')
    .where('measurement_id', '=', measurementId)
    .executeTakeFirst();
  return row ? (row.peaks as VendorPeak[]) : undefined;
}
