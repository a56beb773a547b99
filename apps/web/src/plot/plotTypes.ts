// What the chromatogram plot draws: signals (times in seconds), a run baseline and integrated peaks, and the
// hooks an editor of peaks plugs in.
import type { KeyboardEvent } from 'react';
import type uPlot from 'uplot';

export interface PlotSeries {
  id: string;
  label: string;
  timeSec: ArrayLike<number>;
  values: ArrayLike<number>;
  color?: string;
}

export interface PlotPeak {
  number: number;
  label: string;
  retentionTimeSec: number;
  startSec: number;
  endSec: number;
  baselineStartValue: number;
  baselineEndValue: number;
  /** A negative peak's label goes below its apex. */
  negative?: boolean;
}

/** A peak of another integration (the vendor's table): its limits and its baseline's start and stop points. */
export interface ReferencePeak {
  startSec: number;
  endSec: number;
  baselineStartSec: number;
  baselineStartValue: number;
  baselineStopSec: number;
  baselineStopValue: number;
}

/**
 * A timed event drawn over the signal (an integration event): a shaded band from `startSec` to `endSec`
 * (null: to the end of the run), or a vertical line at `startSec` when `point`; its label at the top.
 */
export interface PlotMarker {
  label: string;
  startSec: number;
  endSec: number | null;
  point: boolean;
}

export interface PlotAppearance {
  showPeakLabels: boolean;
  showBaseline: boolean;
  fillPeaks: boolean;
  lineWidth: number;
}

export const defaultAppearance: PlotAppearance = {
  showPeakLabels: true,
  showBaseline: true,
  fillPeaks: true,
  lineWidth: 1.25,
};

export const SERIES_COLORS = ['#0e5a6b', '#d9480f', '#2b8a3e', '#7048e8', '#c2255c', '#1971c2', '#8f6b00'];
export const BASELINE_COLOR = '#e8590c';
export const PEAK_COLOR = '#2bb3a8';
/** Another integration drawn beside ours (the vendor's baselines). */
export const REFERENCE_COLOR = '#7048e8';

/**
 * An editor on the plot (manual integration): while given, the plot's drag no longer zooms, the editor draws
 * over the peaks, handles the pointer on the plot and the keys of the focused plot.
 */
export interface PlotEditing {
  /** Draws after the peaks, on uPlot's canvas. */
  draw: (u: uPlot) => void;
  /** Attaches pointer handlers to the plot; returns what detaches them. */
  attach: (u: uPlot) => () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The focusable plot's name and the id of the element that explains its keys. */
  label: string;
  describedBy?: string;
  /** Replaces the navigation hint under the plot. */
  hint: string;
}
