// A sequence report's injections, its summary lines and its system-suitability verdicts, read from the
// typed report (`sequenceReportSchema` of @eluent/contracts).
import {
  backCalculatedOf,
  replicateCountText,
  suitabilityCheckText,
  type BackCalculationSource,
  type Calibration,
  type InjectionSuitability,
  type ReplicateSummary,
  type SequenceReport,
  type SequenceSuitability,
} from '@eluent/contracts';
import { errorsOf, figuresOf, noiseOf, resultPeaksOf, snapshotName, thresholdOf } from './reportParts.ts';
import type { ReportInjection, ReportModel, ReportSuitability, ReportSummaryRow } from './reportModel.ts';

/** An injection row's suitability: the verdict and each component's tests in words. */
export function suitabilityOf(lines: readonly InjectionSuitability[]): {
  pass: boolean | null;
  lines: string[];
} {
  if (lines.length === 0) return { pass: null, lines: [] };
  return {
    pass: lines.every((line) => line.pass),
    lines: lines.map((line) => {
      const checks = line.checks.map(suitabilityCheckText);
      return `${line.component}: ${line.pass ? 'Pass' : 'Fail'} (${checks.join(', ')})`;
    }),
  };
}

type SummaryDraft = ReportSummaryRow & { volumeSet: Set<number>; tested: boolean[] };

function summaryDraft(injection: ReportInjection, component: string, unit: string | null): SummaryDraft {
  return {
    sample: injection.sampleName,
    sampleType: injection.sampleType,
    component,
    injections: 0,
    amounts: [],
    unit,
    mean: null,
    rsdPercent: null,
    volumes: '',
    suitabilityPass: null,
    planned: null,
    complete: true,
    nominal: null,
    deviations: [],
    volumeSet: new Set<number>(),
    tested: [],
  };
}

/** Each sample's components over its injections, in the order they first ran. */
function summaryDrafts(
  injections: readonly ReportInjection[],
  suitability: ReadonlyArray<readonly InjectionSuitability[]>,
  calibrations: readonly Calibration[],
): SummaryDraft[] {
  const rows = new Map<string, SummaryDraft>();
  const curves: readonly BackCalculationSource[] = calibrations;
  injections.forEach((injection, index) => {
    for (const peak of injection.peaks) {
      if (!peak.name) continue;
      const back =
        injection.measurementId === null
          ? null
          : backCalculatedOf(curves, injection.measurementId, peak.name, peak.amount);
      const key = JSON.stringify([injection.sampleName, peak.name]);
      const row = rows.get(key) ?? summaryDraft(injection, peak.name, peak.amountUnit);
      row.injections += 1;
      row.amounts.push(back ? back.amount : peak.amount);
      row.deviations.push(back ? back.deviationPercent : null);
      row.nominal ??= back?.nominal ?? null;
      row.unit ??= peak.amountUnit;
      if (injection.injectionUl !== null) row.volumeSet.add(injection.injectionUl);
      const line = suitability[index]?.find((item) => item.component === peak.name);
      if (line) row.tested.push(line.pass);
      rows.set(key, row);
    }
  });
  return [...rows.values()];
}

/** The summary lines: per sample and component, with the server's replicates and standards' counts. */
export function summaryOf(
  injections: readonly ReportInjection[],
  replicates: readonly ReplicateSummary[],
  suitability: ReadonlyArray<readonly InjectionSuitability[]>,
  /** The sequence's verdicts: a standard's found and planned injections come from its area %RSD line. */
  sequenceSuitability: readonly SequenceSuitability[] = [],
  /** The sequence's calibrations: a calibrating standard's amounts are read back through its curve. */
  calibrations: readonly Calibration[] = [],
): ReportSummaryRow[] {
  return summaryDrafts(injections, suitability, calibrations).map(({ volumeSet, tested, ...row }) => {
    const replicate = replicates.find(
      (line) => line.sample.name === row.sample && line.component === row.component,
    );
    const standardLine = sequenceSuitability
      .filter((line) => line.component === row.component)
      .flatMap((line) => line.area_rsd)
      .find((line) => line.sample.name === row.sample);
    const counted = replicate ?? standardLine;
    const count = counted ? counted.count : row.injections;
    return {
      ...row,
      injections: count,
      planned: counted ? counted.planned : null,
      complete: counted ? count >= counted.planned : true,
      mean: replicate ? replicate.mean : null,
      rsdPercent: replicate ? replicate.relative_sd_percent : null,
      volumes: [...volumeSet].sort((a, b) => a - b).join(', '),
      suitabilityPass: tested.length === 0 ? null : tested.every(Boolean),
    };
  });
}

function sequenceSuitabilityOf(lines: readonly SequenceSuitability[]): ReportSuitability[] {
  return lines.map((line) => ({
    component: line.component,
    pass: line.pass,
    status: line.status,
    injectionsPlanned: line.injections_planned,
    injections: line.injections,
    injectionsFailed: line.injections_failed,
    areaRsd: line.area_rsd
      .map(
        (rsd) =>
          `${rsd.sample.name} (n = ${replicateCountText(rsd.count, rsd.planned)}): ${suitabilityCheckText(rsd.check)}`,
      )
      .join('; '),
  }));
}

function injectionOf(
  row: SequenceReport['injections'][number],
  method: string | null,
  template: string | null,
): ReportInjection {
  const result = row.result;
  const figures = figuresOf(result?.figures);
  const tested = suitabilityOf(row.suitability);
  return {
    injectionId: row.injection_id,
    measurementId: row.measurement_id,
    sampleName: row.sample?.name ?? '—',
    sampleType: row.sample?.type ?? null,
    replicate: row.replicate,
    vial: row.vial,
    state: row.injection_state,
    startedAt: null,
    method,
    template: (result && snapshotName(result.template_snapshot)) ?? template,
    unit: figures?.unit ?? '',
    noise: noiseOf(figures),
    trace: null,
    peaks: resultPeaksOf(result?.peaks ?? [], figures),
    reportingThresholdPercent: thresholdOf(figures),
    errors: errorsOf(result?.errors),
    injectionUl: row.injection_ul,
    weightMg: row.weight_mg,
    dilution: row.dilution,
    suitabilityPass: tested.pass,
    suitability: tested.lines,
  };
}

/** The injections of a sequence report, its summary and its verdicts. */
export function sequenceParts(
  report: SequenceReport,
  method: string | null,
  template: string | null,
): Pick<ReportModel, 'injections' | 'summary' | 'suitability'> {
  const injections = report.injections.map((row) => injectionOf(row, method, template));
  return {
    injections,
    summary: summaryOf(
      injections,
      report.replicates,
      report.injections.map((row) => row.suitability),
      report.suitability,
      report.calibrations,
    ),
    suitability: sequenceSuitabilityOf(report.suitability),
  };
}
