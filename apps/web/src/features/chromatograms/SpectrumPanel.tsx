// The diode-array spectrum of a run at a time (a click on the chromatogram, a typed time, or a peak's apex),
// optionally baseline-corrected against the spectrum at another time (typed, or the peak's start or end).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PURITY_MATCH_THRESHOLD, spectralMatchFactor } from '@eluent/signal';
import { fetchMeasurementSpectrum } from './measurementsApi.ts';
import type { PeakRow } from './peakRows.ts';

interface SpectrumPanelProps {
  measurementId: number;
  /** The time picked on the plot, in seconds (null before the first click). */
  pickedSec: number | null;
  onPick: (timeSec: number | null) => void;
  peaks: readonly PeakRow[];
}

const WIDTH = 560;
const HEIGHT = 220;
const PAD = 36;

/** A number typed in minutes, as seconds; null when blank or not a number. */
function minutesToSec(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value * 60 : null;
}

/**
 * A peak's purity check: its up-slope and down-slope spectra (halfway in time between its start and apex,
 * and between its apex and end) against its apex spectrum, all baseline-corrected against the spectrum at
 * the peak's start (docs/formats.md "Peak purity").
 */
async function peakPurity(measurementId: number, peak: PeakRow) {
  const base = peak.startSec;
  const [up, apex, down] = await Promise.all(
    [
      (peak.startSec + peak.retentionTimeSec) / 2,
      peak.retentionTimeSec,
      (peak.retentionTimeSec + peak.endSec) / 2,
    ].map((time) => fetchMeasurementSpectrum(measurementId, time, base)),
  );
  return {
    up: spectralMatchFactor(up!.absorbance, apex!.absorbance),
    down: spectralMatchFactor(down!.absorbance, apex!.absorbance),
  };
}

export function SpectrumPanel({ measurementId, pickedSec, onPick, peaks }: SpectrumPanelProps) {
  const [reference, setReference] = useState('');
  const [purityPeak, setPurityPeak] = useState<PeakRow | null>(null);
  const purity = useQuery({
    queryKey: ['peak-purity', measurementId, purityPeak?.number, purityPeak?.retentionTimeSec],
    queryFn: () => peakPurity(measurementId, purityPeak!),
    enabled: purityPeak !== null,
  });
  const referenceSec = minutesToSec(reference);
  const spectrum = useQuery({
    queryKey: ['measurement-spectrum', measurementId, pickedSec, referenceSec],
    queryFn: () => fetchMeasurementSpectrum(measurementId, pickedSec!, referenceSec),
    enabled: pickedSec !== null,
  });
  const data = spectrum.data;
  let path = '';
  let maxNm: number | null = null;
  if (data && data.wavelength_nm.length > 1) {
    const nm = data.wavelength_nm;
    const values = data.absorbance;
    const low = Math.min(...values);
    const high = Math.max(...values);
    const span = high - low || 1;
    const x = (w: number) => PAD + ((w - nm[0]!) / (nm[nm.length - 1]! - nm[0]!)) * (WIDTH - 2 * PAD);
    const y = (v: number) => HEIGHT - PAD - ((v - low) / span) * (HEIGHT - 2 * PAD);
    path = nm.map((w, i) => `${i === 0 ? 'M' : 'L'}${x(w).toFixed(1)},${y(values[i]!).toFixed(1)}`).join(' ');
    maxNm = nm[values.indexOf(high)] ?? null;
  }
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
            value={pickedSec === null ? '' : (pickedSec / 60).toFixed(3)}
            onChange={(event) => onPick(minutesToSec(event.target.value))}
          />
        </label>
        <label>
          Baseline at, min{' '}
          <input
            type="number"
            step="0.01"
            aria-label="Reference time, min"
            placeholder="none"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </label>
        {peaks.length > 0 && (
          <label>
            Apex of{' '}
            <select
              aria-label="Peak apex"
              value=""
              onChange={(event) => {
                const [number, against] = event.target.value.split(':');
                const peak = peaks.find((row) => String(row.number) === number);
                if (!peak) return;
                setPurityPeak(peak);
                onPick(peak.retentionTimeSec);
                const at = against === 'end' ? peak.endSec : against === 'start' ? peak.startSec : null;
                setReference(at === null ? '' : (at / 60).toFixed(4));
              }}
            >
              <option value="">a peak…</option>
              {peaks.map((peak) => (
                <optgroup
                  key={peak.number}
                  label={`Peak ${peak.number} (${(peak.retentionTimeSec / 60).toFixed(2)} min)`}
                >
                  <option value={`${peak.number}:`}>Peak {peak.number}</option>
                  <option value={`${peak.number}:start`}>Peak {peak.number}, baseline at its start</option>
                  <option value={`${peak.number}:end`}>Peak {peak.number}, baseline at its end</option>
                </optgroup>
              ))}
            </select>
          </label>
        )}
      </div>
      {purityPeak && purity.data && (
        <p
          className="spectrum-panel__purity"
          aria-label="Peak purity"
          data-up={purity.data.up.toFixed(1)}
          data-down={purity.data.down.toFixed(1)}
        >
          Peak {purityPeak.number} purity — match to the apex spectrum: up-slope {purity.data.up.toFixed(1)},
          down-slope {purity.data.down.toFixed(1)} of 1000 ·{' '}
          {Math.min(purity.data.up, purity.data.down) >= PURITY_MATCH_THRESHOLD
            ? `pure (both ≥ ${PURITY_MATCH_THRESHOLD})`
            : `not shown pure (below ${PURITY_MATCH_THRESHOLD})`}
        </p>
      )}
      {purity.isError && <p role="alert">{purity.error.message}</p>}
      {pickedSec === null && (
        <p className="muted">Click the chromatogram to see the spectrum at that time.</p>
      )}
      {spectrum.isError && <p role="alert">{spectrum.error.message}</p>}
      {data && (
        <figure
          className="spectrum-panel__figure"
          aria-label="Spectrum plot"
          data-time-sec={data.time_sec}
          data-reference-sec={data.reference_time_sec ?? ''}
          data-points={data.wavelength_nm.length}
          data-max-nm={maxNm ?? ''}
        >
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={`Spectrum at ${(data.time_sec / 60).toFixed(3)} min`}
          >
            <rect
              x={PAD}
              y={PAD}
              width={WIDTH - 2 * PAD}
              height={HEIGHT - 2 * PAD}
              fill="none"
              stroke="#dde6e9"
            />
            <path d={path} fill="none" stroke="#0e5a6b" strokeWidth={1.5} />
            <text x={PAD} y={HEIGHT - 10} fontSize="11">
              {data.wavelength_nm[0]} nm
            </text>
            <text x={WIDTH - PAD} y={HEIGHT - 10} fontSize="11" textAnchor="end">
              {data.wavelength_nm[data.wavelength_nm.length - 1]} nm
            </text>
          </svg>
          <figcaption>
            {(data.time_sec / 60).toFixed(3)} min
            {data.reference_time_sec !== null && ` − ${(data.reference_time_sec / 60).toFixed(3)} min`} ·{' '}
            {data.unit} · maximum at {maxNm} nm · {data.file_name}
          </figcaption>
        </figure>
      )}
    </section>
  );
}
