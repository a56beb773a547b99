import type { VendorPeak } from './chromatogram.ts';

/** One of our peaks, as much of it as the comparison needs. */
export interface ComparedPeak {
  retentionTimeSec: number;
  area: number;
  /** Width at half height (s); widens the matching window of a broad peak. */
  widthHalfSec: number | null;
}

/** A vendor peak and one of ours taken for the same peak; shares are % of each side's matched total. */
export interface VendorPair {
  /** Index into `ours`. */
  ours: number;
  /** Index into `vendor`. */
  vendor: number;
  /** Our retention time minus the vendor's (s). */
  retentionDifferenceSec: number;
  /** How far apart the two may lie and still be one peak (s). */
  toleranceSec: number;
  ourSharePercent: number | null;
  vendorSharePercent: number | null;
  /** Our share minus the vendor's, in percentage points. */
  shareDifferencePoints: number | null;
}

export interface VendorComparison {
  pairs: VendorPair[];
  /** Indices into `vendor` of the vendor peaks none of ours matched (those with a retention time). */
  missed: number[];
  /** Indices into `ours` of our peaks no vendor peak matched. */
  extra: number[];
  /** Indices into `vendor` of rows without a retention time: they cannot be placed, so are not compared. */
  unplaced: number[];
}

export interface CompareWithVendorTableOptions {
  /**
   * The signal's sampling interval (s): a peak may lie up to 3 samples from the vendor's time, since vendors
   * place the apex by their own interpolation (docs/processing.md, "Retention convention").
   * @default 0
   */
  samplingIntervalSec?: number;
}

/** The smallest matching window (s): vendor times are printed to 0.01 min, and apex estimates differ. */
const MIN_TOLERANCE_SEC = 2;
/** Share of our peak's width at half height a vendor's time may differ by on a broad peak. */
const WIDTH_SHARE = 0.3;

/**
 * Pairs our peaks with the vendor's by retention time (docs/processing.md, "Your file beside the vendor's"):
 * a pair lies within max(3 samples, 2 s, 0.3 × our W50) of each other, nearest pairs first, each peak in at
 * most one pair. Area shares are taken over the matched peaks of each side, so a missed or extra peak does
 * not move the others' shares. The vendor's areas are used, else its area % values; the input is never changed.
 *
 * @example
 * const { pairs, missed, extra } = compareWithVendorTable(result.peaks, file.peakTable ?? [], {
 *   samplingIntervalSec: 0.4,
 * });
 */
export function compareWithVendorTable(
  ours: readonly ComparedPeak[],
  vendor: readonly VendorPeak[],
  options: CompareWithVendorTableOptions = {},
): VendorComparison {
  const samplingIntervalSec = options.samplingIntervalSec ?? 0;
  if (!(samplingIntervalSec >= 0)) throw new RangeError('samplingIntervalSec must be zero or more');
  const candidates: Array<{ ours: number; vendor: number; distance: number; tolerance: number }> = [];
  vendor.forEach((row, j) => {
    if (row.retentionTimeSec === null) return;
    ours.forEach((peak, k) => {
      const distance = Math.abs(peak.retentionTimeSec - row.retentionTimeSec!);
      const tolerance = Math.max(
        3 * samplingIntervalSec,
        MIN_TOLERANCE_SEC,
        WIDTH_SHARE * (peak.widthHalfSec ?? 0),
      );
      if (distance <= tolerance) candidates.push({ ours: k, vendor: j, distance, tolerance });
    });
  });
  // Nearest first; ties keep the table order, so the answer never depends on sorting details.
  candidates.sort((a, b) => a.distance - b.distance || a.vendor - b.vendor || a.ours - b.ours);
  const takenOurs = new Set<number>();
  const takenVendor = new Set<number>();
  const chosen: typeof candidates = [];
  for (const candidate of candidates) {
    if (takenOurs.has(candidate.ours) || takenVendor.has(candidate.vendor)) continue;
    takenOurs.add(candidate.ours);
    takenVendor.add(candidate.vendor);
    chosen.push(candidate);
  }
  chosen.sort((a, b) => a.vendor - b.vendor);
  const pairs = withShares(chosen, ours, vendor);
  const missed = vendor.flatMap((row, j) =>
    row.retentionTimeSec !== null && !takenVendor.has(j) ? [j] : [],
  );
  const extra = ours.flatMap((_, k) => (takenOurs.has(k) ? [] : [k]));
  const unplaced = vendor.flatMap((row, j) => (row.retentionTimeSec === null ? [j] : []));
  return { pairs, missed, extra, unplaced };
}

function withShares(
  chosen: ReadonlyArray<{ ours: number; vendor: number; tolerance: number }>,
  ours: readonly ComparedPeak[],
  vendor: readonly VendorPeak[],
): VendorPair[] {
  const ourTotal = chosen.reduce((sum, pair) => sum + ours[pair.ours]!.area, 0);
  // The vendor's areas when every matched row has one, else its area % when every row has that.
  const rows = chosen.map((pair) => vendor[pair.vendor]!);
  const field = rows.every((row) => row.area !== null)
    ? 'area'
    : rows.every((row) => row.areaPercent !== null)
      ? 'areaPercent'
      : null;
  const vendorAreas = rows.map((row) => (field ? row[field] : null));
  const vendorTotal = vendorAreas.reduce<number>((sum, area) => sum + (area ?? 0), 0);
  return chosen.map((pair, index) => {
    const ourShare = ourTotal !== 0 ? (100 * ours[pair.ours]!.area) / ourTotal : null;
    const area = vendorAreas[index]!;
    const vendorShare = vendorTotal !== 0 && area !== null ? (100 * area) / vendorTotal : null;
    return {
      ours: pair.ours,
      vendor: pair.vendor,
      retentionDifferenceSec: ours[pair.ours]!.retentionTimeSec - vendor[pair.vendor]!.retentionTimeSec!,
      toleranceSec: pair.tolerance,
      ourSharePercent: ourShare,
      vendorSharePercent: vendorShare,
      shareDifferencePoints: ourShare !== null && vendorShare !== null ? ourShare - vendorShare : null,
    };
  });
}
