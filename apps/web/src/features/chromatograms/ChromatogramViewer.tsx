// One chromatogram: the signal with its peaks (boundaries, baselines, labels), zoom and pan, the peak table,
// reprocessing with any template, the choice of the current result version, and its review and signatures.
// A channel of a run folder also lists the run's channels: a switch between them and an overlay of others.
import { noPeaksText } from '@eluent/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { subscribeChannel } from '../../api/realtime.ts';
import { Icon } from '../../components/Icon.tsx';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { IntegrationPanel } from '../integration/IntegrationPanel.tsx';
import { PeakEditorBar, PeakEditorSave } from '../integration/PeakEditorBar.tsx';
import { usePeakEditor } from '../integration/usePeakEditor.ts';
import { useIntegration } from '../integration/useIntegration.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { writeActiveChromatogram } from './chromatogramStorage.ts';
import { fetchMeasurementSignal, fetchMeasurementsWithPeaks } from './measurementsApi.ts';
import { useShownRows, useVendorComparison, ViewerPeaks } from './ViewerPeaks.tsx';
import { ChannelBar } from './ChannelBar.tsx';
import { ExtractBandForm, useExtractedBand } from './ExtractBandForm.tsx';
import { useRunChannels, useViewerSeries } from './useRunChannels.ts';
import { ViewerHead } from './ViewerHead.tsx';
import { SpectrumPanel } from './SpectrumPanel.tsx';
import { ProcessingPanel } from './ProcessingPanel.tsx';
import { plotPeaks } from './peakRows.ts';
import { resultEvents } from './resultEvents.ts';
import { markersOfEvents } from '../templates/integrationEventRows.ts';
import { useChromatogramPrefs } from './useChromatogramPrefs.ts';
import './chromatograms.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { AuditPanel } from '../audit/AuditPanel.tsx';
import { ReviewPanel } from '../review/ReviewPanel.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';

export function ChromatogramViewer() {
  const id = Number(useParams().id);
  const prefs = useChromatogramPrefs();
  const can = useCan();
  // Manual integration and reprocessing are results.process: readers (reviewer, auditor) only look.
  const mayProcess = can('results.process');
  const { userId } = prefs;
  useEffect(() => writeActiveChromatogram(userId, id), [userId, id]);
  const meta = useQuery({ queryKey: ['measurement', id], queryFn: () => fetchMeasurementsWithPeaks([id]) });
  const signal = useQuery({
    queryKey: ['measurement-signal', id],
    queryFn: () => fetchMeasurementSignal(id),
  });
  useMeasurementUpdates(id);
  const measurement = meta.data?.[0];
  const navigate = useNavigate();
  const { channels, channelName, overlaid, overlayIds, overlay } = useRunChannels(id);
  // The time whose diode-array spectrum is shown (a click on the plot); a run with channels may have spectra.
  const [pickedSec, setPickedSec] = useState<number | null>(null);
  const { band, setBand, extracted } = useExtractedBand(id);
  // Peaks of the result version chosen in the integration panel (automatic or manual), else the newest.
  const integration = useIntegration(id);
  const peaksPending = integration.loading || meta.isPending;
  const { storedRows, thresholdPercent } = useShownRows(integration, measurement?.peaks, peaksPending);
  const editor = usePeakEditor(id, integration.shown, signal.data ?? null, () =>
    integration.setView('manual'),
  );
  // While changes are staged, the table shows the server's preview of them and the plot the staged limits.
  const rows = editor.previewRows ?? storedRows;
  const storedPlotPeaks = useMemo(() => plotPeaks(storedRows), [storedRows]);
  const peaks = editor.plotPeaks ?? storedPlotPeaks;
  // The integration events the shown result was integrated with, drawn over the signal.
  const markers = useMemo(() => markersOfEvents(resultEvents(integration.shown)), [integration.shown]);
  const series = useViewerSeries({
    signal: signal.data,
    name: channelName ?? measurement?.name ?? `#${id}`,
    channels,
    overlayIds,
    band,
    extracted: extracted.data,
  });
  const vendor = useVendorComparison(id, integration.versions);
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/chromatograms/" className="back-link">
        <Icon name="arrow_back" /> Chromatograms
      </Link>
      <ViewerHead
        id={id}
        measurement={measurement}
        channelName={channelName}
        compareIds={prefs.compareIds}
        onToggleCompare={() => prefs.toggleCompare(id)}
      />
      {meta.isError && <LoadFailure error={meta.error} onRetry={() => void meta.refetch()} />}
      {signal.isError && <LoadFailure error={signal.error} onRetry={() => void signal.refetch()} />}
      {meta.isSuccess && !measurement && <ErrorAlert>Measurement not found.</ErrorAlert>}
      {channels && (
        <ChannelBar
          channels={channels}
          current={id}
          overlaid={overlayIds}
          overlayQuery={overlaid.length > 0 ? `?overlay=${overlaid.join(',')}` : ''}
          onOverlay={overlay}
          onCompare={() => {
            prefs.replaceCompare(channels.map((channel) => channel.measurement_id));
            void navigate('/app/chromatograms/compare');
          }}
        />
      )}
      <AppearanceMenu appearance={prefs.appearance} onChange={prefs.changeAppearance} />
      {mayProcess && <PeakEditorBar editor={editor} />}
      <div>
        {signal.isPending && <LoadingSkeleton label="the chromatogram" rows={8} />}
        {series.length > 0 && (
          <ChromatogramPlot
            label="Chromatogram"
            series={series}
            peaks={peaks}
            referencePeaks={vendor.referencePeaks}
            markers={markers}
            unit={signal.data?.unit ?? ''}
            appearance={prefs.appearance}
            height={420}
            editing={mayProcess ? editor.plotEditing : null}
            onPickTime={channels ? setPickedSec : null}
          />
        )}
      </div>
      {mayProcess && <PeakEditorSave editor={editor} />}
      {channels && (
        <ExtractBandForm
          band={band}
          onBand={setBand}
          error={extracted.isError ? extracted.error.message : null}
        />
      )}
      {channels && (
        <SpectrumPanel measurementId={id} pickedSec={pickedSec} onPick={setPickedSec} peaks={storedRows} />
      )}
      <ViewerPeaks
        vendor={vendor}
        rows={rows}
        unit={signal.data?.unit ?? measurement?.signal_unit ?? ''}
        selected={editor.editing ? editor.selection.map((index) => index + 1) : []}
        previewing={editor.previewRows !== null}
        empty={editor.previewRows ? null : noPeaksText(integration.shown?.errors)}
        reportingThresholdPercent={thresholdPercent}
        loading={peaksPending}
      />
      {measurement && <ProcessingPanel measurementId={id} versions={integration.versions} />}
      {integration.shown && <IntegrationPanel state={integration} />}
      {measurement && (
        <ReviewPanel
          subject={{ kind: 'measurements', id }}
          resultsKey={String(integration.versions?.current_result_id ?? '')}
        />
      )}
      <AuditPanel kind="measurements" id={id} />
    </div>
  );
}

/** A run that ends, or its processing on arrival, while the page is open: the signal and peaks are read again. */
function useMeasurementUpdates(id: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeChannel(
        `measurements:${id}`,
        ({ type }) => {
          if (type !== 'finished' && type !== 'review') return;
          void queryClient.invalidateQueries({ queryKey: ['measurement', id] });
          void queryClient.invalidateQueries({ queryKey: ['result-versions', id] });
          if (type === 'finished')
            void queryClient.invalidateQueries({ queryKey: ['measurement-signal', id] });
        },
        {
          // The run may have ended, and its first result been stored, before the subscription stood: the
          // page read while it recorded reads its state again (the signal too, if it was still recording).
          onSubscribed: () => {
            const read = queryClient.getQueryData<Array<{ state?: string }>>(['measurement', id])?.[0];
            const versions = queryClient.getQueryData<{ current_result_id?: number | null }>([
              'result-versions',
              id,
            ]);
            const recording = read === undefined || read.state === 'recording';
            if (!recording && typeof versions?.current_result_id === 'number') return;
            void queryClient.invalidateQueries({ queryKey: ['measurement', id] });
            void queryClient.invalidateQueries({ queryKey: ['result-versions', id] });
            if (recording) void queryClient.invalidateQueries({ queryKey: ['measurement-signal', id] });
          },
        },
      ),
    [id, queryClient],
  );
}
