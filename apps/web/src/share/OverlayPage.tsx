// A shared saved overlay, read-only: the chromatograms drawn as the owner saved them (one unit, layout,
// normalisation, hidden traces left out) with the legend naming each; no control changes anything.
import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SavedOverlay } from '@eluent/contracts';
import { overlayView } from '../features/chromatograms/savedOverlay.ts';
import type { OverlayTrace } from '../features/chromatograms/overlay.ts';
import { useOverlaySeries } from '../features/chromatograms/useOverlaySeries.ts';
import { ChromatogramPlot } from '../plot/ChromatogramPlot.tsx';
import { NotFound } from './NotFound.tsx';
import { ShareMessage } from './ShareMessage.tsx';
import { SharedRunDetails } from './SharedRunDetails.tsx';
import { useSharedOverlay } from './useSharedOverlay.ts';
import '../features/chromatograms/chromatograms.css';

// Spectra, channels and the vendor comparison are read once per link visit; a failure shows, never retries.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const LAYOUT_WORDS = { overlay: 'Overlay', offset: 'Offset', stacked: 'Stacked' } as const;

function normalisationWords(overlay: SavedOverlay): string {
  if (overlay.normalisation === 'largest') return 'largest peak = 100 %';
  if (overlay.normalisation === 'peak' && overlay.peak_time_min !== null)
    return `peak at ${overlay.peak_time_min} min = 100 %`;
  return 'stored heights';
}

interface OverlayDrawingProps {
  overlay: SavedOverlay;
  traces: OverlayTrace[];
  /** A click on the plot: the time whose spectrum is shown. */
  onPickTime: (timeSec: number) => void;
}

function OverlayDrawing({ overlay, traces, onPickTime }: OverlayDrawingProps) {
  const view = overlayView(overlay);
  const signature = `${overlay.id}:${traces.map((trace) => trace.id).join(',')}`;
  const drawn = useOverlaySeries(traces, signature, view.hidden, view.settings);
  return (
    <>
      <p className="share__sub" data-testid="overlay-view">
        {LAYOUT_WORDS[overlay.layout]} · {normalisationWords(overlay)}
      </p>
      <ul className="compare-list" aria-label="Traces">
        {overlay.traces.map(({ measurement_id: id, name }, index) => {
          const key = `measurement:${id}`;
          const trace = traces.find((item) => item.id === key);
          const isHidden = view.hidden.has(key);
          return (
            <li key={id} data-trace={key} data-hidden={isHidden ? 'true' : undefined}>
              <i style={{ background: trace?.color ?? `var(--color-muted)` }} data-index={index} />
              <span>
                #{id} {name ?? ''}
              </span>
              {isHidden && <span className="compare-list__unit">hidden</span>}
              {!trace && (
                <span className="compare-list__unit compare-list__unit--warning">not available</span>
              )}
            </li>
          );
        })}
      </ul>
      {/* What is drawn, for browser tests: the shown traces in order and the axis. */}
      <div data-series={drawn.series.map((series) => series.id).join(' ')} data-axis={drawn.axisLabel}>
        {drawn.series.length > 0 && (
          <ChromatogramPlot
            label="Overlay"
            series={drawn.series}
            unit={drawn.axisLabel}
            height={420}
            onPickTime={onPickTime}
          />
        )}
      </div>
    </>
  );
}

export function OverlayPage() {
  const state = useSharedOverlay();
  const [pickedSec, setPickedSec] = useState<number | null>(null);
  const name = state.status === 'ready' ? state.overlay.name : null;
  useEffect(() => {
    document.title = name ? `${name} — Eluent` : 'Shared overlay — Eluent';
  }, [name]);
  if (state.status === 'loading') return null;
  if (state.status === 'missing') return <NotFound />;
  if (state.status === 'error') return <ShareMessage icon="error_outline">{state.message}</ShareMessage>;
  return (
    <div className="share__content share__overlay">
      <h1>{state.overlay.name}</h1>
      <QueryClientProvider client={queryClient}>
        <OverlayDrawing overlay={state.overlay} traces={state.traces} onPickTime={setPickedSec} />
        <SharedRunDetails
          overlay={state.overlay}
          bearer={state.bearer}
          pickedSec={pickedSec}
          onPick={setPickedSec}
        />
      </QueryClientProvider>
    </div>
  );
}
