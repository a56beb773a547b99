// A sequence's calibration rebuilt from its standards' newest results, and its samples' amounts with it; a
// signed result keeps the amounts it was signed with and gets a new version with the new ones.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import { calibrates, calibrationModeOf, planCalibration, plannedInjection } from './sequence-calibration.ts';

/** A peak's amount from a (re)computed calibration. */
interface NewAmount {
  amount: number | null;
  unit: string | null;
}

interface CalibrationLine {
  analyte: string;
  bracket?: number;
  model: string;
  slope?: number | null;
  intercept?: number | null;
  curvature?: number | null;
  r_squared?: number | null;
  weighting?: string | null;
}

/** A calibration in one line for the audit trail: its model, weighting, curve and R². */
function calibrationText(line: CalibrationLine): string {
  if (line.slope == null || line.intercept == null) return `${line.model}: not calibrated`;
  const weighting = line.weighting && line.weighting !== 'none' ? `, weighted ${line.weighting}` : '';
  const square = line.curvature ? `${line.curvature.toPrecision(6)} × amount² + ` : '';
  const r2 = line.r_squared == null ? '' : `, R² ${line.r_squared.toFixed(5)}`;
  return `${line.model}${weighting}: area = ${square}${line.slope.toPrecision(6)} × amount + ${line.intercept.toPrecision(6)}${r2}`;
}

function calibrationSummary(lines: CalibrationLine[]): Record<string, string> {
  const summary: Record<string, string> = {};
  for (const line of lines)
    summary[line.bracket ? `${line.analyte} (bracket ${line.bracket})` : line.analyte] =
      calibrationText(line);
  return summary;
}

/**
 * A new version of a signed result with the amounts of a changed calibration, when they differ from the
 * signed ones; the signed version stays as it was (its signatures read superseded).
 */
async function recalibratedVersion(
  results: ResultsRepository,
  trx: Transaction<Database>,
  resultId: number,
  amounts: Map<number, NewAmount>,
): Promise<void> {
  const source = await results.result(resultId, trx);
  if (!source) return;
  const sourcePeaks = await results.peaks([resultId], trx);
  const changes = sourcePeaks.some((peak) => {
    const next = amounts.get(peak.id);
    return next !== undefined && (next.amount !== peak.amount || next.unit !== peak.amount_unit);
  });
  if (!changes) return;
  await results.insertResult(
    trx,
    {
      owner_id: source.owner_id,
      workspace_id: source.workspace_id,
      measurement_id: source.measurement_id,
      kind: source.kind,
      template_uuid: source.template_uuid,
      template_version: source.template_version,
      template_snapshot: JSON.stringify(source.template_snapshot),
      algorithm_versions: JSON.stringify(source.algorithm_versions),
      figures: JSON.stringify(source.figures),
      errors: JSON.stringify(source.errors),
      reason: `Amounts from the changed calibration (signed version ${source.version} kept as signed)`,
      created_by: source.created_by,
      parent_result_id: source.id,
      job_id: null,
    },
    sourcePeaks.map((row) => {
      const {
        id,
        owner_id: _owner,
        workspace_id: _workspace,
        result_id: _result,
        measurement_id: _measurement,
        ...peak
      } = row;
      const next = amounts.get(id);
      return next ? { ...peak, amount: next.amount, amount_unit: next.unit } : peak;
    }),
  );
}

export interface RecalibrationDependencies {
  results: ResultsRepository;
  runs: RunsRepository;
  samples: SamplesRepository;
  sequences: SequencesRepository;
}

export function createRecalibration({ results, runs, samples, sequences }: RecalibrationDependencies) {
  const { db } = results;

  /**
   * The calibration of each component from the standards' newest results (model and weighting from the
   * components those results were made with; one curve per bracket when they bracket), then every sample's
   * amounts corrected by its row's injection volume, dilution and weight (sequence-calibration.ts).
   */
  async function recalibrate(sequenceId: number): Promise<void> {
    const sequence = await sequences.byId(sequenceId);
    if (!sequence) return;
    const measurements = (await runs.measurementsOfSequence(sequenceId)).filter(
      (m) => m.state === 'complete',
    );
    const sampleRows = await samples.findMany(sequence.workspace_id, [
      ...new Set(measurements.map((m) => m.sample_id).filter((id): id is number => id !== null)),
    ]);
    const sampleById = new Map(sampleRows.map((row) => [row.id, row]));
    const drafts = new Map((await sequences.drafts([sequenceId])).map((d) => [d.id, d]));
    const analytes = await samples.analytes(sampleRows.filter((s) => s.type === 'standard').map((s) => s.id));
    const latest = await results.latestResults(measurements.map((m) => m.id));
    const peaks = await results.peaks(latest.map((r) => r.id));
    const latestOf = new Map(latest.map((r) => [r.measurement_id, r]));
    const injections = measurements.map((m) =>
      plannedInjection(
        m,
        m.sample_id === null ? undefined : sampleById.get(m.sample_id),
        m.draft_id === null ? undefined : drafts.get(m.draft_id),
        latestOf.get(m.id),
      ),
    );
    const firstStandard = injections.find(calibrates);
    const plan = planCalibration({
      injections,
      analytes,
      peaks,
      mode: calibrationModeOf(firstStandard?.result?.template_snapshot),
    });
    const rows = plan.rows.map((values) => ({
      ...values,
      owner_id: sequence.owner_id,
      workspace_id: sequence.workspace_id,
    }));
    await db.transaction().execute(async (trx) => {
      const before = calibrationSummary(await results.calibrations(sequenceId, trx));
      await results.replaceCalibrations(trx, sequenceId, rows);
      // A signed version keeps the amounts it was signed with: new amounts for it make a new version
      // (which supersedes its signatures); an unsigned version takes them in place.
      const resultOfPeak = new Map(peaks.map((peak) => [peak.id, peak.result_id]));
      const signed = await results.signedResultIds(
        [...new Set(plan.amounts.map((a) => resultOfPeak.get(a.peakId)))].filter(
          (id): id is number => id !== undefined,
        ),
        trx,
      );
      const forSigned = new Map<number, Map<number, NewAmount>>();
      for (const { peakId, amount, unit } of plan.amounts) {
        const resultId = resultOfPeak.get(peakId);
        if (resultId !== undefined && signed.has(resultId)) {
          const amounts = forSigned.get(resultId) ?? new Map<number, NewAmount>();
          amounts.set(peakId, { amount, unit });
          forSigned.set(resultId, amounts);
        } else await results.setPeakAmount(trx, peakId, amount, unit);
      }
      for (const [resultId, amounts] of forSigned) await recalibratedVersion(results, trx, resultId, amounts);
      // The audit event last: the chain head stays locked only from here to the commit (docs/audit.md).
      const after = calibrationSummary(rows);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await writeAudit(trx, {
          userId: null,
          ownerId: sequence.owner_id,
          workspaceId: sequence.workspace_id,
          entity: 'calibrations',
          entityId: sequenceId,
          label: sequence.name,
          parent: { entity: 'sequences', id: sequenceId },
          action: 'calibrate',
          oldValues: before,
          newValues: after,
        });
      }
    });
  }

  return recalibrate;
}
