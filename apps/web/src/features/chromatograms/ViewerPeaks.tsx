// The chromatogram page's peak table: ours (or the preview of staged changes), or, for an imported file
// with the vendor's own peak table, that table compared with ours.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import type { useIntegration } from '../integration/useIntegration.ts';
import { fetchVendorComparison } from './measurementsApi.ts';
import { PeakTable } from './PeakTable.tsx';
import type { PeakRow } from './peakRows.ts';
import { PeakViewTabs, VendorComparisonTable, type PeakView } from './VendorComparisonTable.tsx';
import { referencePeaksOf } from './vendorReference.ts';

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
}

export function ViewerPeaks({
  vendor,
  rows,
  unit,
  selected,
  previewing,
  empty,
  reportingThresholdPercent,
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
      {showingVendor && comparison ? (
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
