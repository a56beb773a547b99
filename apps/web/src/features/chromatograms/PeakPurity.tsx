// Peak purity in the Spectrum panel: the chosen peak's match factors in a line, and every peak's in a table
// with its apex spectrum one click away (docs/formats.md "Peak purity").
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PURITY_MATCH_THRESHOLD } from '@eluent/signal';
import type { PeakRow } from './peakRows.ts';
import { peakPurity, type PeakPurity, type SpectrumReader } from './spectrumBaseline.ts';

interface PurityProps {
  read: SpectrumReader;
  measurementId: number;
}

const pure = (purity: PeakPurity) => Math.min(purity.up, purity.down) >= PURITY_MATCH_THRESHOLD;

function verdict(purity: PeakPurity): string {
  return pure(purity)
    ? `pure (both ≥ ${PURITY_MATCH_THRESHOLD})`
    : `not shown pure (below ${PURITY_MATCH_THRESHOLD})`;
}

export function PeakPurityLine({ read, measurementId, peak }: PurityProps & { peak: PeakRow }) {
  const purity = useQuery({
    queryKey: ['peak-purity', measurementId, peak.number, peak.startSec, peak.retentionTimeSec, peak.endSec],
    queryFn: () => peakPurity(read, measurementId, peak),
  });
  if (purity.isError) return <p role="alert">{purity.error.message}</p>;
  if (!purity.data) return null;
  const { up, down } = purity.data;
  return (
    <p
      className="spectrum-panel__purity"
      aria-label="Peak purity"
      data-up={up.toFixed(1)}
      data-down={down.toFixed(1)}
    >
      Peak {peak.number} purity — match to the apex spectrum: up-slope {up.toFixed(1)}, down-slope{' '}
      {down.toFixed(1)} of 1000 · {verdict(purity.data)}
    </p>
  );
}

/** Every peak's purity, peak after peak (three spectra each), once asked for. */
export function PeakPurityTable({
  read,
  measurementId,
  peaks,
  onShow,
}: PurityProps & { peaks: readonly PeakRow[]; onShow: (peak: PeakRow) => void }) {
  const [asked, setAsked] = useState(false);
  const all = useQuery({
    queryKey: [
      'peak-purity-all',
      measurementId,
      peaks.map((peak) => `${peak.startSec}:${peak.endSec}`).join(),
    ],
    queryFn: async () => {
      const figures: PeakPurity[] = [];
      for (const peak of peaks) figures.push(await peakPurity(read, measurementId, peak));
      return figures;
    },
    enabled: asked,
  });
  if (!asked)
    return (
      <button type="button" className="button button--secondary button--small" onClick={() => setAsked(true)}>
        Purity of every peak
      </button>
    );
  if (all.isError) return <p role="alert">{all.error.message}</p>;
  if (!all.data) return <p className="muted">Checking {peaks.length} peaks…</p>;
  return (
    <table className="peak-table" aria-label="Purity of every peak">
      <thead>
        <tr>
          <th>Peak</th>
          <th>Apex, min</th>
          <th>Up-slope</th>
          <th>Down-slope</th>
          <th>Check</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {peaks.map((peak, index) => {
          const figures = all.data[index]!;
          return (
            <tr key={peak.number} data-pure={pure(figures) ? 'true' : 'false'}>
              <td>{peak.number}</td>
              <td>{(peak.retentionTimeSec / 60).toFixed(3)}</td>
              <td>{figures.up.toFixed(1)}</td>
              <td>{figures.down.toFixed(1)}</td>
              <td>{pure(figures) ? 'pure' : 'not shown pure'}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onShow(peak)}
                >
                  Apex spectrum
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
