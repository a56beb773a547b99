// The chromatogram page's peak table: ours (or the preview of staged changes), or, for an imported file
// with the vendor's own peak table, that table compared with ours.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingSkeleton } from '../../components/QueryState.tsx';
import type { IntegrationState, useIntegration } from '../integration/useIntegration.ts';
import { fetchVendorComparison } from './measurementsApi.ts';
import { PeakTable } from './PeakTable.tsx';
import { flagBelowThreshold, rowsFromStored, type PeakRow, type StoredPeak } from './peakRows.ts';
import { resultThresholdPercent } from './resultEvents.ts';
import { PeakViewTabs, VendorComparisonTable, type PeakView } from './VendorComparisonTable.tsx';
import { referencePeaksOf } from './vendorReference.ts';

/**
 * The rows of the result version shown (else the measurement's own peaks), flagged against that result's
 * reporting threshold; none while `pending`: the measurement's own list carries no threshold, so showing it
 * before the versions arrive would list every peak and then fold some away under the reader's eyes.
 */
export function useShownRows(
  integration: IntegrationState,
  measurementPeaks: readonly StoredPeak[] | undefined,
  pending: boolean,
) {
  const shownPeaks = pending ? undefined : (integration.shown?.peaks ?? measurementPeaks);
  const thresholdPercent = resultThresholdPercent(integration.shown);
  const storedRows = useMemo(
    () => flagBelowThreshold(rowsFromStored(shownPeaks ?? []), thresholdPercent),
    [shownPeaks, thresholdPercent],
  );
  return { storedRows, thresholdPercent };
}

/** The vendor's peak table compared with the current result (null: the file had none), and which is shown. */
export function useVendorComparison(id: number, versions: ReturnType<typeof useIntegration>['versions']) {
  const vendor = useQuery({
    // Asked again when the current result changes: a pick, or a newer version.
    queryKey: [
      'vendor-comparison',
      id,
      versions?.current_result_id ?? null,
      versions?.results.at(-1)?.id ?? null,
    ],
    queryFn: () => fetchVendorComparison(id),
  });
  const [peakView, setPeakView] = useState<PeakView>('ours');
  const comparison = vendor.data ?? null;
  const showingVendor = comparison !== null && peakView === 'vendor';
  const referencePeaks = useMemo(
    () => (showingVendor ? referencePeaksOf(comparison) : []),
    [showingVendor, comparison],
  );
  return { vendor, comparison, peakView, setPeakView, showingVendor, referencePeaks };
}

interface ViewerPeaksProps {
  vendor: ReturnType<typeof useVendorComparison>;
  rows: PeakRow[];
  unit: string;
  /** The peaks selected in the editor, numbered from 1. */
  selected: number[];
  /** The rows are the server's preview of staged changes. */
  previewing: boolean;
  /** Why there are no peaks, when there are none. */
  empty: string | null | undefined;
  reportingThresholdPercent: number | null;
  /** The peaks are still being fetched: a placeholder, not "No peaks found". */
  loading?: boolean;
}

export function ViewerPeaks({
  vendor,
  rows,
  unit,
  selected,
  previewing,
  empty,
  reportingThresholdPercent,
  loading = false,
}: ViewerPeaksProps) {
  const { comparison, peakView, setPeakView, showingVendor } = vendor;
  return (
    <section className="card viewer-peaks" aria-label="Peak table">
      <h2>
        Peaks
        {previewing && <span className="viewer-peaks__preview"> · preview of staged changes</span>}
      </h2>
      {comparison && <PeakViewTabs view={peakView} onChange={setPeakView} />}
      {vendor.vendor.isError && <ErrorAlert>{vendor.vendor.error.message}</ErrorAlert>}
      {loading ? (
        <LoadingSkeleton label="the peaks" rows={4} />
      ) : showingVendor && comparison ? (
        <VendorComparisonTable comparison={comparison} />
      ) : (
        <PeakTable
          rows={rows}
          unit={unit}
          selected={selected}
          empty={empty}
          reportingThresholdPercent={reportingThresholdPercent}
        />
      )}
    </section>
  );
}
