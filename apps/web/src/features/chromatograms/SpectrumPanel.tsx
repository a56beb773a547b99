// The diode-array spectrum of a run at a time (a click on the chromatogram, a typed time, or a peak's apex),
// baseline-corrected as chosen: not at all, against the spectrum at a chosen time, or from the limits of the
// peak the time falls in (docs/formats.md "Spectra"); a chosen peak's purity, and every peak's on request.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchMeasurementSpectrum } from './measurementsApi.ts';
import type { PeakRow } from './peakRows.ts';
import { PeakPurityLine, PeakPurityTable } from './PeakPurity.tsx';
import {
  BASELINE_MODES,
  peakAround,
  referenceOf,
  type BaselineMode,
  type SpectrumReader,
} from './spectrumBaseline.ts';
import { SpectrumPlot } from './SpectrumPlot.tsx';

interface SpectrumPanelProps {
  measurementId: number;
  /** The time picked on the plot, in seconds (null before the first click). */
  pickedSec: number | null;
  onPick: (timeSec: number | null) => void;
  peaks: readonly PeakRow[];
  /** How spectra are read (the shared view reads with its visitor token). */
  read?: SpectrumReader;
}

/** A number typed in minutes, as seconds; null when blank or not a number. */
function minutesToSec(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value * 60 : null;
}

const minutesText = (sec: number | null) => (sec === null ? '' : (sec / 60).toFixed(3));

export function SpectrumPanel({
  measurementId,
  pickedSec,
  onPick,
  peaks,
  read = fetchMeasurementSpectrum,
}: SpectrumPanelProps) {
  const [mode, setMode] = useState<BaselineMode>('none');
  const [reference, setReference] = useState('');
  const [purityPeak, setPurityPeak] = useState<PeakRow | null>(null);
  const limitsPeak = peakAround(peaks, pickedSec);
  const [referenceSec, referenceEndSec] = referenceOf(mode, minutesToSec(reference), limitsPeak);
  const spectrum = useQuery({
    queryKey: ['measurement-spectrum', measurementId, pickedSec, referenceSec, referenceEndSec],
    queryFn: () => read(measurementId, pickedSec!, referenceSec, referenceEndSec),
    enabled: pickedSec !== null,
  });
  const data = spectrum.data;
  const choosePeak = (peak: PeakRow) => {
    setPurityPeak(peak);
    onPick(peak.retentionTimeSec);
  };
  return (
    <section className="card spectrum-panel" aria-label="Spectrum">
      <h2>Spectrum</h2>
      <div className="spectrum-panel__controls">
        <label>
          Time, min{' '}
          <input
            type="number"
            step="0.01"
            aria-label="Spectrum time, min"
            value={minutesText(pickedSec)}
            onChange={(event) => onPick(minutesToSec(event.target.value))}
          />
        </label>
        <label>
          Baseline{' '}
          <select
            aria-label="Baseline"
            value={mode}
            onChange={(event) => setMode(event.target.value as BaselineMode)}
          >
            {BASELINE_MODES.filter((option) => option.mode !== 'limits' || peaks.length > 0).map((option) => (
              <option key={option.mode} value={option.mode}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {mode === 'time' && (
          <>
            <label>
              at, min{' '}
              <input
                type="number"
                step="0.01"
                aria-label="Reference time, min"
                placeholder="click, then Use"
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </label>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={!data}
              onClick={() => data && setReference((data.time_sec / 60).toFixed(4))}
            >
              Use the shown time
            </button>
          </>
        )}
        {peaks.length > 0 && (
          <label>
            Apex of{' '}
            <select
              aria-label="Peak apex"
              value=""
              onChange={(event) => {
                const peak = peaks.find((row) => String(row.number) === event.target.value);
                if (peak) choosePeak(peak);
              }}
            >
              <option value="">a peak…</option>
              {peaks.map((peak) => (
                <option key={peak.number} value={String(peak.number)}>
                  Peak {peak.number} ({(peak.retentionTimeSec / 60).toFixed(2)} min)
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {mode === 'limits' && (
        <p className="muted" aria-label="Peak limits used">
          {limitsPeak
            ? `Baseline: the line between the spectra at peak ${limitsPeak.number}'s start ` +
              `(${minutesText(limitsPeak.startSec)} min) and end (${minutesText(limitsPeak.endSec)} min).`
            : 'Pick a time inside a peak to correct from its limits.'}
        </p>
      )}
      {purityPeak && <PeakPurityLine read={read} measurementId={measurementId} peak={purityPeak} />}
      {pickedSec === null && (
        <p className="muted">Click the chromatogram to see the spectrum at that time.</p>
      )}
      {spectrum.isError && <p role="alert">{spectrum.error.message}</p>}
      {data && <SpectrumPlot data={data} />}
      {peaks.length > 0 && (
        <PeakPurityTable read={read} measurementId={measurementId} peaks={peaks} onShow={choosePeak} />
      )}
    </section>
  );
}
