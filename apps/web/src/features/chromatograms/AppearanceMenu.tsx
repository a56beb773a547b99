// Chromatogram appearance: peak labels, baselines, peak fill and line width, kept per user.
import type { PlotAppearance } from '../../plot/plotTypes.ts';

export function AppearanceMenu({
  appearance,
  onChange,
}: {
  appearance: PlotAppearance;
  onChange: (changes: Partial<PlotAppearance>) => void;
}) {
  return (
    <fieldset className="appearance">
      <legend>Appearance</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={appearance.showPeakLabels}
          onChange={(event) => onChange({ showPeakLabels: event.target.checked })}
        />
        Peak labels
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={appearance.fillPeaks}
          onChange={(event) => onChange({ fillPeaks: event.target.checked })}
        />
        Fill peaks
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={appearance.showBaseline}
          onChange={(event) => onChange({ showBaseline: event.target.checked })}
        />
        Baseline
      </label>
      <label className="check">
        Line
        <select
          aria-label="Line width"
          value={appearance.lineWidth}
          onChange={(event) => onChange({ lineWidth: Number(event.target.value) })}
        >
          <option value={1}>thin</option>
          <option value={1.25}>normal</option>
          <option value={2}>bold</option>
        </select>
      </label>
    </fieldset>
  );
}
