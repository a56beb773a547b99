// One chromatogram: the signal with its peaks (boundaries, baselines, labels), zoom and pan, the peak table,
// reprocessing with any template, the choice of the current result version, and its review and signatures.
// A channel of a run folder also lists the run's channels: a switch between them and an overlay of others.
import { noPeaksText } from '@eluent/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscribeChannel } from '../../api/realtime.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { IntegrationPanel } from '../integration/IntegrationPanel.tsx';
import { PeakEditorBar, PeakEditorSave } from '../integration/PeakEditorBar.tsx';
import { usePeakEditor } from '../integration/usePeakEditor.ts';
import { useIntegration } from '../integration/useIntegration.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { downloadMeasurement } from './downloadMeasurement.ts';
import { fileDetails, fileNotes } from './fileNotes.ts';
import { writeActiveChromatogram } from './chromatogramStorage.ts';
import {
  fetchExtractedBand,
  fetchMeasurementChannels,
  fetchMeasurementSignal,
  fetchMeasurementsWithPeaks,
  fetchVendorComparison,
} from './measurementsApi.ts';
import { PeakViewTabs, VendorComparisonTable, type PeakView } from './VendorComparisonTable.tsx';
import { referencePeaksOf } from './vendorReference.ts';
import { ChannelBar } from './ChannelBar.tsx';
import { SpectrumPanel } from './SpectrumPanel.tsx';
import { PeakTable } from './PeakTable.tsx';
import { ProcessingPanel } from './ProcessingPanel.tsx';
import { flagBelowThreshold, plotPeaks, rowsFromStored } from './peakRows.ts';
import { resultEvents, resultThresholdPercent } from './resultEvents.ts';
import { markersOfEvents } from '../templates/integrationEventRows.ts';
import { useChromatogramPrefs } from './useChromatogramPrefs.ts';
import './chromatograms.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageHead } from '../../components/PageHead.tsx';
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
  // A run that ends, or its processing on arrival, while the page is open: the signal and peaks are read again.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeChannel(`measurements:${id}`, ({ type }) => {
        if (type !== 'finished' && type !== 'review') return;
        void queryClient.invalidateQueries({ queryKey: ['measurement', id] });
        void queryClient.invalidateQueries({ queryKey: ['result-versions', id] });
        if (type === 'finished') void queryClient.invalidateQueries({ queryKey: ['measurement-signal', id] });
      }),
    [id, queryClient],
  );
  const measurement = meta.data?.[0];
  const navigate = useNavigate();
  const channelList = useQuery({
    queryKey: ['measurement-channels', id],
    queryFn: () => fetchMeasurementChannels(id),
  });
  const channels = channelList.data && channelList.data.length > 1 ? channelList.data : null;
  const channelName = channels?.find((channel) => channel.measurement_id === id)?.name;
  const shownUnit = channels?.find((channel) => channel.measurement_id === id)?.unit;
  // The run's other channels drawn over this one, in the address (`?overlay=12,13`) so that they stay while
  // switching between the run's channels.
  // Held here too, so a ticked box shows at once (the address follows).
  const [search, setSearch] = useSearchParams();
  const [overlaid, setOverlaid] = useState(() => overlayParam(search.get('overlay')));
  const overlayIds = useMemo(
    () =>
      (channels ?? [])
        .filter((channel) => channel.measurement_id !== id && channel.unit === shownUnit)
        .map((channel) => channel.measurement_id)
        .filter((channelId) => overlaid.includes(channelId)),
    [channels, id, shownUnit, overlaid],
  );
  // The time whose diode-array spectrum is shown (a click on the plot); a run with channels may have spectra.
  const [pickedSec, setPickedSec] = useState<number | null>(null);
  // A chromatogram extracted from the spectra at a chosen wavelength and bandwidth, drawn over the channel.
  const [bandInput, setBandInput] = useState({ centre: '', width: '4' });
  const [band, setBand] = useState<{ centre: number; width: number } | null>(null);
  const extracted = useQuery({
    queryKey: ['measurement-band', id, band?.centre, band?.width],
    queryFn: () => fetchExtractedBand(id, band!.centre, band!.width),
    enabled: band !== null,
  });
  const overlaySignals = useQueries({
    queries: overlayIds.map((channelId) => ({
      queryKey: ['measurement-signal', channelId],
      queryFn: () => fetchMeasurementSignal(channelId),
    })),
  });
  const overlayData = overlaySignals.map((query) => query.data);
  const notes = fileNotes(measurement?.metadata);
  const details = fileDetails(measurement?.metadata);
  // Peaks of the result version chosen in the integration panel (automatic or manual), else the newest.
  const integration = useIntegration(id);
  const shownPeaks = integration.shown?.peaks ?? measurement?.peaks;
  const thresholdPercent = resultThresholdPercent(integration.shown);
  const storedRows = useMemo(
    () => flagBelowThreshold(rowsFromStored(shownPeaks ?? []), thresholdPercent),
    [shownPeaks, thresholdPercent],
  );
  const editor = usePeakEditor(id, integration.shown, signal.data ?? null, () =>
    integration.setView('manual'),
  );
  // While changes are staged, the table shows the server's preview of them and the plot the staged limits.
  const rows = editor.previewRows ?? storedRows;
  const storedPlotPeaks = useMemo(() => plotPeaks(storedRows), [storedRows]);
  const peaks = editor.plotPeaks ?? storedPlotPeaks;
  // The integration events the shown result was integrated with, drawn over the signal.
  const markers = useMemo(() => markersOfEvents(resultEvents(integration.shown)), [integration.shown]);
  const overlayKey = overlayData.map((data) => data?.key ?? '').join(',');
  const series = useMemo(
    () =>
      signal.data
        ? [
            {
              id: signal.data.key,
              label: channelName ?? measurement?.name ?? `#${id}`,
              timeSec: signal.data.timeSec,
              values: signal.data.values,
            },
            ...overlayIds.flatMap((channelId, index) => {
              const data = overlayData[index];
              if (!data) return [];
              const name = channels?.find((channel) => channel.measurement_id === channelId)?.name;
              return [
                { id: data.key, label: name ?? `#${channelId}`, timeSec: data.timeSec, values: data.values },
              ];
            }),
            ...(extracted.data && band
              ? [
                  {
                    id: extracted.data.key,
                    label: `Extracted ${band.centre} nm ± ${band.width / 2} nm`,
                    timeSec: extracted.data.timeSec,
                    values: extracted.data.values,
                  },
                ]
              : []),
          ]
        : [],
    // overlayData is a new array on every render; its content is named by overlayKey.
    [signal.data, channelName, measurement?.name, id, overlayIds, overlayKey, channels, extracted.data, band],
  );
  // The vendor's peak table of an imported file, compared with the current result (null: the file had none).
  const vendor = useQuery({
    // Asked again when the current result changes: a pick, or a newer version.
    queryKey: [
      'vendor-comparison',
      id,
      integration.versions?.current_result_id ?? null,
      integration.versions?.results.at(-1)?.id ?? null,
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
  const comparing = prefs.compareIds.includes(id);
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/chromatograms/" className="back-link">
        <Icon name="arrow_back" /> Chromatograms
      </Link>
      <PageHead
        title={measurement?.name ?? `Measurement #${id}`}
        lead={
          <>
            #{id}
            {measurement ? ` · ${measurement.source} · ${formatDateTime(measurement.created_at)}` : ''}
          </>
        }
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void downloadMeasurement(id, 'csv')}
            >
              <Icon name="download" /> CSV
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void downloadMeasurement(id, 'cdf')}
            >
              <Icon name="download" /> AIA .cdf
            </button>
            <button
              type="button"
              className="button button--secondary"
              title="Allotrope Simple Model (liquid chromatography): the run, its data and its peak list"
              onClick={() => void downloadMeasurement(id, 'asm')}
            >
              <Icon name="download" /> ASM
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={comparing}
              onClick={() => prefs.toggleCompare(id)}
            >
              <Icon name={comparing ? 'check_box' : 'check_box_outline_blank'} /> Compare
            </button>
            {prefs.compareIds.length > 0 && (
              <Link className="button" to="/app/chromatograms/compare">
                <Icon name="stacked_line_chart" /> Overlay ({prefs.compareIds.length})
              </Link>
            )}
          </>
        }
      >
        {channelName && <p className="viewer-channel">Channel: {channelName}</p>}
        {details.length > 0 && (
          <dl className="file-details" aria-label="From the file">
            {details.map(({ label, value }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {notes.length > 0 && (
          <ul className="file-notes" aria-label="File notes">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </PageHead>
      {meta.isError && <LoadFailure error={meta.error} onRetry={() => void meta.refetch()} />}
      {signal.isError && <LoadFailure error={signal.error} onRetry={() => void signal.refetch()} />}
      {meta.isSuccess && !measurement && <ErrorAlert>Measurement not found.</ErrorAlert>}
      {channels && (
        <ChannelBar
          channels={channels}
          current={id}
          overlaid={overlayIds}
          overlayQuery={overlaid.length > 0 ? `?overlay=${overlaid.join(',')}` : ''}
          onOverlay={(channelId, on) => {
            const next = overlaid.filter((item) => item !== channelId);
            if (on) next.push(channelId);
            setOverlaid(next);
            setSearch(next.length > 0 ? { overlay: next.join(',') } : {}, { replace: true });
          }}
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
            referencePeaks={referencePeaks}
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
        <form
          className="card extract-band"
          aria-label="Extracted chromatogram"
          onSubmit={(event) => {
            event.preventDefault();
            const centre = Number(bandInput.centre);
            const width = Number(bandInput.width);
            setBand(
              bandInput.centre.trim() !== '' && Number.isFinite(centre) && width >= 0
                ? { centre, width }
                : null,
            );
          }}
        >
          <label>
            Extract at, nm{' '}
            <input
              type="number"
              aria-label="Extract wavelength, nm"
              value={bandInput.centre}
              onChange={(event) => setBandInput({ ...bandInput, centre: event.target.value })}
            />
          </label>
          <label>
            bandwidth, nm{' '}
            <input
              type="number"
              aria-label="Extract bandwidth, nm"
              value={bandInput.width}
              onChange={(event) => setBandInput({ ...bandInput, width: event.target.value })}
            />
          </label>
          <button type="submit" className="button button--secondary button--small">
            Draw
          </button>
          {band && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setBand(null)}
            >
              Remove
            </button>
          )}
          {extracted.isError && <span role="alert">{extracted.error.message}</span>}
        </form>
      )}
      {channels && (
        <SpectrumPanel measurementId={id} pickedSec={pickedSec} onPick={setPickedSec} peaks={storedRows} />
      )}
      <section className="card viewer-peaks" aria-label="Peak table">
        <h2>
          Peaks
          {editor.previewRows && <span className="viewer-peaks__preview"> · preview of staged changes</span>}
        </h2>
        {comparison && <PeakViewTabs view={peakView} onChange={setPeakView} />}
        {vendor.isError && <ErrorAlert>{vendor.error.message}</ErrorAlert>}
        {showingVendor ? (
          <VendorComparisonTable comparison={comparison} />
        ) : (
          <PeakTable
            rows={rows}
            unit={signal.data?.unit ?? measurement?.signal_unit ?? ''}
            selected={editor.editing ? editor.selection.map((index) => index + 1) : []}
            empty={editor.previewRows ? null : noPeaksText(integration.shown?.errors)}
            reportingThresholdPercent={thresholdPercent}
          />
        )}
      </section>
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

/** The overlaid channels of the address (`?overlay=12,13`): positive ids, at most the compare view's six. */
function overlayParam(value: string | null): number[] {
  return (value ?? '')
    .split(',')
    .map(Number)
    .filter((item) => Number.isInteger(item) && item > 0)
    .slice(0, 6);
}
