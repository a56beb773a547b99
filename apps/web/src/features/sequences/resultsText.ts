// How an injection's result reads in the sequence's results table.
import { backCalculatedOf, deviationText } from '@eluent/contracts';
import type { Calibration, InjectionResult } from './sequencesApi.ts';

/**
 * Each named peak's amount; a calibrating standard's read back through its curve, with its nominal amount
 * and the deviation (docs/assay.md "Back-calculated standards").
 */
export function amountsText(injection: InjectionResult, calibrations: readonly Calibration[]): string {
  const named = (injection.result?.peaks ?? []).filter((peak) => peak.amount !== null);
  if (named.length === 0) return '—';
  return named
    .map((peak) => {
      const name = peak.name ?? `#${peak.number}`;
      const unit = peak.amount_unit ?? '';
      const back = peak.name
        ? backCalculatedOf(calibrations, injection.measurement_id, peak.name, peak.amount)
        : null;
      if (!back) return `${name} ${peak.amount!.toFixed(3)} ${unit}`;
      return `${name} ${back.amount.toFixed(3)} ${unit} (nominal ${back.nominal.toFixed(3)}, ${deviationText(back.deviationPercent)})`;
    })
    .join(' · ');
}

/** The result's catalogue sentences for components a standard misses (name, expected time, nearest peak). */
export function componentProblems(injection: InjectionResult): string[] {
  const errors = Array.isArray(injection.result?.errors) ? (injection.result.errors as unknown[]) : [];
  return errors.flatMap((error) => {
    const item = error as { code?: unknown; message?: unknown };
    return item.code === 'component_not_found' && typeof item.message === 'string' ? [item.message] : [];
  });
}
