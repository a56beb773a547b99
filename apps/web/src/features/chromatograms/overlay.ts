// Pure transforms of an overlay of chromatograms: one unit for all traces, normalisation to a peak, and the
// offset and stacked views. New arrays are returned; the signals are never changed in place.

/** Units of one quantity and their factor to the family's base unit (AU for absorbance, V for voltage). */
const UNIT_FAMILIES: Record<string, { family: string; factor: number }> = {
  AU: { family: 'absorbance', factor: 1 },
  mAU: { family: 'absorbance', factor: 1e-3 },
  µAU: { family: 'absorbance', factor: 1e-6 },
  uAU: { family: 'absorbance', factor: 1e-6 },
  V: { family: 'voltage', factor: 1 },
  mV: { family: 'voltage', factor: 1e-3 },
  µV: { family: 'voltage', factor: 1e-6 },
  uV: { family: 'voltage', factor: 1e-6 },
};

/**
 * The factor that turns a value in `from` into `to`, or null when the units measure different things.
 * @example unitFactor('AU', 'mAU') // 1000
 */
export function unitFactor(from: string, to: string): number | null {
  if (from.trim() === to.trim()) return 1;
  const source = UNIT_FAMILIES[from.trim()];
  const target = UNIT_FAMILIES[to.trim()];
  if (!source || !target || source.family !== target.family) return null;
  return source.factor / target.factor;
}

/**
 * The unit the overlay's axis uses: mAU when any trace is an absorbance (the chromatographer's usual
 * scale), mV for voltages, else the first trace's unit.
 */
export function overlayUnit(units: readonly string[]): string {
  const families = units.map((unit) => UNIT_FAMILIES[unit.trim()]?.family);
  if (families.includes('absorbance')) return 'mAU';
  if (families.includes('voltage')) return 'mV';
  return units[0] ?? '';
}

export interface OverlayTrace {
  id: string;
  label: string;
  unit: string;
  timeSec: ArrayLike<number>;
  values: ArrayLike<number>;
  color?: string;
}

export interface DrawnTrace extends OverlayTrace {
  /** False when the trace's unit cannot be converted to the axis: it is drawn as stored and flagged. */
  converted: boolean;
}

/** Every trace in the axis unit; a trace in another quantity keeps its values and `converted: false`. */
export function toCommonUnit(traces: readonly OverlayTrace[], unit: string): DrawnTrace[] {
  return traces.map((trace) => {
    const factor = unitFactor(trace.unit, unit);
    if (factor === null) return { ...trace, converted: false };
    return {
      ...trace,
      unit,
      values: Float64Array.from(trace.values, (value) => value * factor),
      converted: true,
    };
  });
}

export type Normalisation =
  { kind: 'none' } | { kind: 'largest' } | { kind: 'peak'; timeSec: number; windowSec: number };

/** The largest absolute value of the trace, or of the part within `windowSec` of `timeSec`. */
export function peakHeight(
  trace: Pick<OverlayTrace, 'timeSec' | 'values'>,
  normalisation: Normalisation,
): number {
  let largest = 0;
  for (let index = 0; index < trace.values.length; index++) {
    if (normalisation.kind === 'peak') {
      const time = trace.timeSec[index]!;
      if (Math.abs(time - normalisation.timeSec) > normalisation.windowSec) continue;
    }
    largest = Math.max(largest, Math.abs(trace.values[index]!));
  }
  return largest;
}

/**
 * Scales each trace so the chosen peak reads 100 (%): the largest peak, or the highest point near a
 * retention time. A trace with nothing there (height 0) is left as it is.
 */
export function normalise<T extends Pick<OverlayTrace, 'timeSec' | 'values'>>(
  traces: readonly T[],
  normalisation: Normalisation,
): T[] {
  if (normalisation.kind === 'none') return [...traces];
  return traces.map((trace) => {
    const height = peakHeight(trace, normalisation);
    if (height === 0) return trace;
    return { ...trace, values: Float64Array.from(trace.values, (value) => (value / height) * 100) };
  });
}

export type OverlayLayout = 'overlay' | 'offset' | 'stacked';

function extent(values: ArrayLike<number>): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (let index = 0; index < values.length; index++) {
    min = Math.min(min, values[index]!);
    max = Math.max(max, values[index]!);
  }
  return values.length === 0 ? [0, 0] : [min, max];
}

/**
 * Shifts traces upwards so they can be told apart. `offset`: trace i rises by i × `offsetFraction` of the
 * tallest trace's range. `stacked`: each trace sits on top of the one before, with its lowest point on the
 * previous trace's highest point plus a 5 % gap, so no two traces overlap.
 * @param offsetFraction @default 0.1
 */
export function arrange<T extends Pick<OverlayTrace, 'values'>>(
  traces: readonly T[],
  layout: OverlayLayout,
  offsetFraction = 0.1,
): T[] {
  if (layout === 'overlay') return [...traces];
  const extents = traces.map((trace) => extent(trace.values));
  const tallest = Math.max(0, ...extents.map(([min, max]) => max - min));
  let top = 0;
  return traces.map((trace, index) => {
    const [min, max] = extents[index]!;
    let shift: number;
    if (layout === 'offset') shift = index * offsetFraction * tallest;
    else {
      shift = index === 0 ? 0 : top + 0.05 * tallest - min;
      top = max + shift;
    }
    return { ...trace, values: Float64Array.from(trace.values, (value) => value + shift) };
  });
}
