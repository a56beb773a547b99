// Live preview: the chosen chromatogram processed in the worker with the template being edited.
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DetectionSettings, IntegrationEvent, IntegrationEventKind } from '@eluent/contracts';
import type { ProcessingTemplate } from '@eluent/signal';
import { Icon } from '../../components/Icon.tsx';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { useProcessingPreview } from '../../workers/useProcessingPreview.ts';
import type { ChromatogramSignal } from '../../workers/processingClient.ts';
import { fetchMeasurements, fetchMeasurementSignal } from '../chromatograms/measurementsApi.ts';
import { PeakTable } from '../chromatograms/PeakTable.tsx';
import { plotPeaks, rowsFromPeaks } from '../chromatograms/peakRows.ts';
import { exampleChromatograms, generateExample } from './exampleChromatograms.ts';
import { AddEventControl } from './AddEventControl.tsx';
import { eventKindInfo, isPointKind, markersOfEvents } from './integrationEventRows.ts';
import { useEventPicker } from './useEventPicker.ts';

/** `9 peaks found`, and how many of them are below the reporting threshold when any are. */
function foundText(rows: readonly { belowReportingThreshold?: boolean }[]): string {
  const below = rows.filter((row) => row.belowReportingThreshold).length;
  const found = `${rows.length} ${rows.length === 1 ? 'peak' : 'peaks'} found`;
  return below > 0 ? `${found} · ${below} below the reporting threshold` : found;
}

function useChosenSignal(choice: string) {
  const [signal, setSignal] = useState<ChromatogramSignal | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setError(null);
    const example = exampleChromatograms.find((item) => item.key === choice);
    const loading: Promise<ChromatogramSignal> = example
      ? new Promise((resolve) => setTimeout(() => resolve(generateExample(example)), 0))
      : fetchMeasurementSignal(Number(choice.replace('measurement:', '')));
    loading.then(
      (loaded) => current && setSignal(loaded),
      (failure: unknown) => current && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [choice]);
  return { signal: signal?.key === choice ? signal : null, error };
}

export function TemplatePreview({
  template,
  onUnit,
  onDetection,
  events,
  onAddEvent,
}: {
  template: ProcessingTemplate;
  /** The template's valid integration events, drawn on the plot. */
  events: readonly IntegrationEvent[] | null;
  /** An event placed on the plot: its kind and times (no end: a click, to the end of the run). */
  onAddEvent: (kind: IntegrationEventKind, fromSec: number, toSec: number | null) => void;
  onUnit: (unit: string) => void;
  /** What detection applied on the preview (automatic minimums, noise, peak width); null before it ran. */
  onDetection: (detection: DetectionSettings | null) => void;
}) {
  const [choice, setChoice] = useState(exampleChromatograms[0]!.key);
  const { signal, error: loadError } = useChosenSignal(choice);
  const preview = useProcessingPreview(signal, template);
  useEffect(() => {
    if (signal) onUnit(signal.unit);
  }, [signal, onUnit]);
  useEffect(() => {
    if (!preview.pending) onDetection(preview.result?.detection ?? null);
  }, [preview.result, preview.pending, onDetection]);
  const rows = useMemo(() => rowsFromPeaks(preview.result?.peaks ?? []), [preview.result]);
  const plotted = useMemo(() => plotPeaks(rows), [rows]);
  const series = useMemo(
    () =>
      signal && preview.plot
        ? [{ id: signal.key, label: 'Signal', ...preview.plot.corrected }]
        : signal
          ? [{ id: signal.key, label: 'Signal', timeSec: signal.timeSec, values: signal.values }]
          : [],
    [signal, preview.plot],
  );
  const baseline = useMemo(
    () => (signal && preview.plot ? preview.plot.baseline : null),
    [signal, preview.plot],
  );
  const markers = useMemo(() => markersOfEvents(events), [events]);
  const [placing, setPlacing] = useState<IntegrationEventKind | null>(null);
  const stopPlacing = useCallback(() => setPlacing(null), []);
  const placingInfo = useMemo(
    () => placing && { label: eventKindInfo[placing].label, point: isPointKind(placing) },
    [placing],
  );
  const picker = useEventPicker(
    placingInfo,
    (fromSec, toSec) => {
      if (placing) onAddEvent(placing, fromSec, toSec);
      setPlacing(null);
    },
    stopPlacing,
  );
  const stepErrors = preview.result?.steps.filter((step) => step.error) ?? [];
  return (
    <section className="card template-preview" aria-label="Live preview">
      <header className="template-preview__head">
        <h2>
          <Icon name="insights" /> Live preview
        </h2>
        <ChromatogramChooser choice={choice} onChoose={setChoice} />
      </header>
      <p className="template-preview__status" role="status">
        {loadError
          ? loadError
          : !signal
            ? 'Loading the chromatogram…'
            : preview.pending
              ? 'Processing…'
              : preview.error
                ? preview.error
                : foundText(rows)}
      </p>
      {stepErrors.map((step) => (
        <p key={step.step} className="form-error">
          {step.algorithm}: {step.error}
        </p>
      ))}
      {series.length > 0 && (
        <ChromatogramPlot
          label="Preview chromatogram"
          series={series}
          baseline={baseline}
          peaks={plotted}
          markers={markers}
          unit={signal?.unit ?? ''}
          height={320}
          editing={picker}
        />
      )}
      {series.length > 0 && <AddEventControl placing={placing} onPlace={setPlacing} />}
      <PeakTable
        rows={rows}
        unit={signal?.unit ?? ''}
        caption="Preview peaks"
        reportingThresholdPercent={preview.result?.detection?.reportingThreshold?.percent ?? null}
      />
    </section>
  );
}

/** The chromatogram the preview runs on: a generated example or a stored measurement. */
function ChromatogramChooser({ choice, onChoose }: { choice: string; onChoose: (choice: string) => void }) {
  const chooserId = useId();
  const measurements = useQuery({
    queryKey: ['measurements', 'preview'],
    queryFn: () => fetchMeasurements('', 0),
  });
  return (
    <div className="field template-preview__chooser">
      <label htmlFor={chooserId}>Chromatogram</label>
      <select id={chooserId} value={choice} onChange={(event) => onChoose(event.target.value)}>
        <optgroup label="Examples">
          {exampleChromatograms.map((example) => (
            <option key={example.key} value={example.key}>
              {example.label}
            </option>
          ))}
        </optgroup>
        {(measurements.data?.measurements.length ?? 0) > 0 && (
          <optgroup label="Measurements">
            {measurements.data?.measurements.map((measurement) => (
              <option key={measurement.id} value={`measurement:${measurement.id}`}>
                #{measurement.id} {measurement.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </div>
  );
}
