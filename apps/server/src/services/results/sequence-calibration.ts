// A sequence's calibration planned from its injections in run order (docs/assay.md): which standards
// calibrate which samples (the whole sequence, or the standards bracketing each sample), one curve per
// component and bracket, and every peak's amount — a standard's known amount (its own, or its row's level
// of the component table), a sample's or check standard's amount read through its curve and corrected by
// its injection volume, dilution and weight.
import type { CalibrationMode, CalibrationProblem } from '@eluent/contracts';
import { sampleAmount, sampleAmountUnit } from '@eluent/signal';
import type { AnalyteRow } from '../../repositories/samples.ts';
import {
  amountOf,
  calibrateComponent,
  type CalibrationValues,
  type SequenceCurve,
  type StandardPoint,
} from './calibration.ts';
import { expectedComponents, type ExpectedComponent } from './components.ts';
import { knownAmountsOf } from './standard-levels.ts';

/** One complete injection of the sequence, in run order, with what its row says about the sample. */
export interface PlannedInjection {
  measurementId: number;
  sample: { id: number; type: 'sample' | 'blank' | 'standard' } | null;
  /** The row's weight, dilution and whether a standard on it only checks the curve. */
  draft: {
    weight_mg: number | null;
    dilution: number | null;
    check_standard: boolean;
    /** The component table's level the standard on this row holds; null: its own amounts. */
    calibration_level: number | null;
  } | null;
  /** The injection volume the instrument ran with, µL. */
  volumeUl: number | null;
  result: { id: number; template_snapshot: unknown; errors: unknown } | null;
}

export interface PlannedPeak {
  id: number;
  result_id: number;
  name: string | null;
  area: number;
}

/** A bracket: its number (0 for the whole sequence) and the calibrating standards' measurement ids. */
export interface Bracket {
  number: number;
  standards: number[];
}

export interface CalibrationPlan {
  rows: Array<CalibrationValues & { bracket: number }>;
  amounts: Array<{ peakId: number; amount: number | null; unit: string | null }>;
  /** The bracket each non-calibrating injection (sample, blank, check standard) is read through. */
  bracketOf: Map<number, number>;
}

/** The injection volume an instrument ran with (its method snapshot), µL. */
export function injectionVolumeOf(methodSnapshot: unknown): number | null {
  const volume = (methodSnapshot as { injection_ul?: unknown } | null)?.injection_ul;
  return typeof volume === 'number' && volume > 0 ? volume : null;
}

/** How the calibration of a template snapshot takes its standards; older snapshots: the whole sequence. */
export function calibrationModeOf(snapshot: unknown): CalibrationMode {
  return (snapshot as { calibration_mode?: unknown } | null)?.calibration_mode === 'bracketed'
    ? 'bracketed'
    : 'total';
}

/** An injection of the sequence as the plan reads it, from its measurement, sample, row and result. */
export function plannedInjection(
  measurement: { id: number; method_snapshot: unknown },
  sample: { id: number; type: 'sample' | 'blank' | 'standard' } | undefined,
  draft:
    | (Omit<NonNullable<PlannedInjection['draft']>, 'calibration_level'> & {
        calibration_level?: number | null;
      })
    | undefined,
  result: PlannedInjection['result'] | undefined,
): PlannedInjection {
  return {
    measurementId: measurement.id,
    sample: sample ? { id: sample.id, type: sample.type } : null,
    draft: draft
      ? {
          weight_mg: draft.weight_mg,
          dilution: draft.dilution,
          check_standard: draft.check_standard,
          calibration_level: draft.calibration_level ?? null,
        }
      : null,
    volumeUl: injectionVolumeOf(measurement.method_snapshot),
    result: result ?? null,
  };
}

/** A standard that calibrates: a standard with a result, not marked as a check standard on its row. */
export function calibrates(injection: PlannedInjection): boolean {
  return (
    injection.sample?.type === 'standard' && injection.result !== null && !injection.draft?.check_standard
  );
}

/**
 * The brackets of a sequence and the bracket of each other injection. Total: one bracket (0) of every
 * calibrating standard. Bracketed: calibrating standards with no sample or check standard between them form
 * a block (blanks do not split one); what runs between blocks k and k+1 is read through both blocks; what
 * runs before the first block or after the last one through that block alone.
 */
export function bracketsOf(
  injections: readonly PlannedInjection[],
  mode: CalibrationMode,
): { brackets: Bracket[]; bracketOf: Map<number, number> } {
  const others = injections.filter((i) => !calibrates(i) && i.result !== null);
  if (mode === 'total') {
    const standards = injections.filter(calibrates).map((i) => i.measurementId);
    return {
      brackets: [{ number: 0, standards }],
      bracketOf: new Map(others.map((i) => [i.measurementId, 0])),
    };
  }
  const blocks: number[][] = [];
  // For each injection, the number of blocks that have started before it.
  const blocksBefore = new Map<number, number>();
  let open = false;
  for (const injection of injections) {
    if (injection.result === null) continue;
    if (calibrates(injection)) {
      if (!open) blocks.push([]);
      open = true;
      blocks[blocks.length - 1]!.push(injection.measurementId);
      continue;
    }
    if (injection.sample?.type !== 'blank') open = false;
    blocksBefore.set(injection.measurementId, blocks.length);
  }
  const brackets: Bracket[] = [];
  const byBlocks = new Map<string, number>();
  const bracketOf = new Map<number, number>();
  for (const injection of others) {
    if (blocks.length === 0) continue;
    const before = blocksBefore.get(injection.measurementId) ?? 0;
    // Blocks (0-based) around the injection: the last one before it and the first one after it.
    const around = [before - 1, before].filter((k) => k >= 0 && k < blocks.length);
    const key = around.join('-');
    let number = byBlocks.get(key);
    if (number === undefined) {
      number = brackets.length + 1;
      byBlocks.set(key, number);
      brackets.push({ number, standards: around.flatMap((k) => blocks[k]!) });
    }
    bracketOf.set(injection.measurementId, number);
  }
  return { brackets, bracketOf };
}

/** The calibration rows of every bracket and the amount of every named peak. */
export function planCalibration(input: {
  injections: readonly PlannedInjection[];
  analytes: readonly AnalyteRow[];
  peaks: readonly PlannedPeak[];
  mode: CalibrationMode;
}): CalibrationPlan {
  const { injections, analytes, peaks, mode } = input;
  const byId = new Map(injections.map((i) => [i.measurementId, i]));
  const firstStandard = injections.find(calibrates);
  const components: ExpectedComponent[] = firstStandard
    ? expectedComponents(firstStandard.result!.template_snapshot, [])
    : [];
  const namedPeaks = (resultId: number) => peaks.filter((p) => p.result_id === resultId && p.name);
  const { brackets, bracketOf } = bracketsOf(injections, mode);

  const rows: CalibrationPlan['rows'] = [];
  const curves = new Map<string, { curve: SequenceCurve | null; unit: string; volumeUl: number | null }>();
  for (const bracket of brackets) {
    const points = new Map<string, StandardPoint[]>();
    const units = new Map<string, string>();
    const notFound = new Map<string, CalibrationProblem>();
    // The standards' amounts at the first standard's volume: a standard injected with twice the volume
    // stands for twice its amount.
    const volumeUl = byId.get(bracket.standards[0] ?? -1)?.volumeUl ?? null;
    for (const measurementId of bracket.standards) {
      const injection = byId.get(measurementId)!;
      for (const error of (injection.result!.errors ?? []) as Array<Partial<CalibrationProblem>>) {
        if (error.code === 'component_not_found' && typeof error.component === 'string')
          notFound.set(error.component, error as CalibrationProblem);
      }
      const scale =
        volumeUl !== null && injection.volumeUl !== null && volumeUl > 0 ? injection.volumeUl / volumeUl : 1;
      for (const analyte of knownAmountsOf(injection, analytes)) {
        units.set(analyte.analyte, analyte.amount_unit);
        const peak = namedPeaks(injection.result!.id).find((p) => p.name === analyte.analyte);
        if (!peak || analyte.amount === null) continue;
        const list = points.get(analyte.analyte) ?? [];
        list.push({ amount: analyte.amount * scale, area: peak.area, measurement_id: measurementId });
        points.set(analyte.analyte, list);
      }
    }
    for (const name of new Set([...points.keys(), ...notFound.keys()])) {
      const { values, curve } = calibrateComponent(
        name,
        points.get(name) ?? [],
        components.find((c) => c.name === name),
        notFound.get(name),
        units.get(name) ?? '',
      );
      rows.push({ ...values, bracket: bracket.number });
      curves.set(JSON.stringify([bracket.number, name]), { curve, unit: values.amount_unit, volumeUl });
    }
  }

  const amounts: CalibrationPlan['amounts'] = [];
  for (const injection of injections) {
    if (!injection.result) continue;
    const named = namedPeaks(injection.result.id);
    if (calibrates(injection)) {
      for (const peak of named) {
        const known = knownAmountsOf(injection, analytes).find((a) => a.analyte === peak.name);
        amounts.push({ peakId: peak.id, amount: known?.amount ?? null, unit: known?.amount_unit ?? null });
      }
      continue;
    }
    const bracket = bracketOf.get(injection.measurementId);
    for (const peak of named) {
      const read = bracket === undefined ? undefined : curves.get(JSON.stringify([bracket, peak.name]));
      if (!read?.curve) {
        amounts.push({ peakId: peak.id, amount: null, unit: null });
        continue;
      }
      const weightMg = injection.draft?.weight_mg ?? null;
      const amount = sampleAmount(amountOf(read.curve, peak.area), {
        calibrationVolumeUl: read.volumeUl,
        injectionVolumeUl: injection.volumeUl,
        dilution: injection.draft?.dilution ?? null,
        weightMg,
      });
      amounts.push({ peakId: peak.id, amount, unit: sampleAmountUnit(read.unit, weightMg) });
    }
  }
  return { rows, amounts, bracketOf };
}
