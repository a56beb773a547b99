// How the overlay is drawn: side by side (overlay), offset or stacked, and normalised to a peak.
import type { Normalisation, OverlayLayout } from './overlay.ts';

export interface OverlaySettings {
  layout: OverlayLayout;
  normalisation: 'none' | 'largest' | 'peak';
  /** Retention time of the peak to normalise to, in minutes (text as typed). */
  peakTimeMin: string;
}

export const defaultOverlaySettings: OverlaySettings = {
  layout: 'overlay',
  normalisation: 'none',
  peakTimeMin: '',
};

/** Half-width of the window searched for the peak to normalise to. */
const PEAK_WINDOW_SEC = 6;

export function normalisationOf(settings: OverlaySettings): Normalisation {
  const timeMin = Number(settings.peakTimeMin);
  if (settings.normalisation === 'largest') return { kind: 'largest' };
  if (settings.normalisation === 'peak' && settings.peakTimeMin.trim() !== '' && Number.isFinite(timeMin)) {
    return { kind: 'peak', timeSec: timeMin * 60, windowSec: PEAK_WINDOW_SEC };
  }
  return { kind: 'none' };
}

const LAYOUTS: Array<{ value: OverlayLayout; label: string }> = [
  { value: 'overlay', label: 'Overlay' },
  { value: 'offset', label: 'Offset' },
  { value: 'stacked', label: 'Stacked' },
];

export function OverlayControls({
  settings,
  onChange,
}: {
  settings: OverlaySettings;
  onChange: (changes: Partial<OverlaySettings>) => void;
}) {
  return (
    <fieldset className="appearance overlay-controls">
      <legend>View</legend>
      <div className="segmented" role="group" aria-label="Layout">
        {LAYOUTS.map((layout) => (
          <button
            key={layout.value}
            type="button"
            aria-pressed={settings.layout === layout.value}
            onClick={() => onChange({ layout: layout.value })}
          >
            {layout.label}
          </button>
        ))}
      </div>
      <label className="check">
        Normalise
        <select
          aria-label="Normalise"
          value={settings.normalisation}
          onChange={(event) =>
            onChange({ normalisation: event.target.value as OverlaySettings['normalisation'] })
          }
        >
          <option value="none">off (stored heights)</option>
          <option value="largest">largest peak = 100 %</option>
          <option value="peak">peak at a time = 100 %</option>
        </select>
      </label>
      {settings.normalisation === 'peak' && (
        <label className="check">
          Peak at
          <input
            type="number"
            step="0.01"
            min={0}
            className="overlay-controls__time"
            aria-label="Peak retention time, min"
            value={settings.peakTimeMin}
            onChange={(event) => onChange({ peakTimeMin: event.target.value })}
          />
          min
        </label>
      )}
    </fieldset>
  );
}
