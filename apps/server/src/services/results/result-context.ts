// What processing a measurement needs to know of its sequence: the standards' analytes (to name peaks),
// the standard a measurement injected and at which calibration level, and the sequence it ran in.
import type { AnalyteRow, SamplesRepository } from '../../repositories/samples.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import { knownAmountsOf } from './standard-levels.ts';
import { expectedComponents, type ExpectedComponent } from './components.ts';

export interface ResultContextDependencies {
  runs: RunsRepository;
  samples: SamplesRepository;
  sequences: SequencesRepository;
}

export function createResultContext({ runs, samples, sequences }: ResultContextDependencies) {
  /** The analytes of every standard in a sequence's table, for naming peaks. */
  async function analytesOfSequence(sequenceId: number): Promise<AnalyteRow[]> {
    const drafts = await sequences.drafts([sequenceId]);
    const sampleIds = [...new Set(drafts.map((d) => d.sample_id).filter((id): id is number => id !== null))];
    const rows = await samples.analytes(sampleIds);
    const seen = new Set<string>();
    return rows.filter((row) => (seen.has(row.analyte) ? false : (seen.add(row.analyte), true)));
  }

  /**
   * The standard a measurement injected, with the analytes it holds (at its row's calibration level, the
   * components of `snapshot` with that level too); null for anything else.
   */
  async function standardOf(
    measurement: { workspace_id: number; sample_id: number | null; injection_id?: number | null },
    snapshot?: unknown,
  ) {
    if (measurement.sample_id === null) return null;
    const sample = await samples.find(measurement.workspace_id, measurement.sample_id);
    if (sample?.type !== 'standard') return null;
    const rows = await samples.analytes([sample.id]);
    const level = await levelOf(measurement.injection_id ?? null);
    const known = knownAmountsOf(
      { sample, draft: { calibration_level: level }, result: { template_snapshot: snapshot } },
      rows,
    );
    return { name: sample.name, analytes: known.map((a) => a.analyte), rows };
  }

  /** The calibration level of the sequence row an injection ran from; null outside one or without a level. */
  async function levelOf(injectionId: number | null): Promise<number | null> {
    const injection = injectionId === null ? undefined : await runs.injection(injectionId);
    if (!injection?.sequence_id || injection.draft_id === null) return null;
    const drafts = await sequences.drafts([injection.sequence_id]);
    return drafts.find((d) => d.id === injection.draft_id)?.calibration_level ?? null;
  }

  async function sequenceOf(measurementId: number): Promise<number | null> {
    const measurement = await runs.measurement(measurementId);
    if (!measurement?.injection_id) return null;
    return (await runs.injection(measurement.injection_id))?.sequence_id ?? null;
  }

  /** The components a result made with `snapshot` names, the sequence's standards' analytes after them. */
  async function componentsFor(snapshot: unknown, sequenceId: number | null): Promise<ExpectedComponent[]> {
    return expectedComponents(snapshot, sequenceId === null ? [] : await analytesOfSequence(sequenceId));
  }

  return { analytesOfSequence, standardOf, levelOf, sequenceOf, componentsFor };
}
