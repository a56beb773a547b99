// The checks a sequence and a row of its table pass before they are stored: the instrument, method,
// template, sample, vial, injection volume and calibration level must fit.
import { componentsOfSnapshot, levelCount, type sequenceInputSchema } from '@eluent/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { DraftValues, SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import { hardwareOf, methodFitsDevice, standardComplete } from './sequences-rules.ts';

export function createSequenceChecks(sequences: SequencesRepository, samples: SamplesRepository) {
  async function owned(workspaceId: number, sequenceId: number): Promise<SequenceRow> {
    const row = await sequences.find(workspaceId, sequenceId);
    if (!row) throw AppError.domain(404, 'sequence_not_found');
    return row;
  }

  async function checkSequenceValues(workspaceId: number, values: z.infer<typeof sequenceInputSchema>) {
    const device = await samples.device(workspaceId, values.device_id);
    if (!device) throw AppError.domain(404, 'device_not_found');
    if (values.method_id !== null) {
      const method = await samples.method(workspaceId, values.method_id);
      if (!method) throw AppError.domain(400, 'sequence_method_not_configured');
      if (!methodFitsDevice(method, device)) throw AppError.domain(400, 'sequence_method_incompatible');
    }
    if (values.template_uuid !== null && !(await sequences.template(workspaceId, values.template_uuid))) {
      throw AppError.validation({ template_uuid: ['is not valid'] });
    }
  }

  /** Checks one row of the table against the sample, the instrument and the standards. */
  async function checkDraft(workspaceId: number, sequence: SequenceRow, values: DraftValues): Promise<void> {
    const sample = await samples.find(workspaceId, values.sample_id);
    if (!sample) throw AppError.domain(400, 'draft_invalid', { fields: { sample_id: ['is not valid'] } });
    const device =
      sequence.device_id === null ? undefined : await samples.device(workspaceId, sequence.device_id);
    const vials = device ? hardwareOf(device).find((c) => c.kind === 'autosampler')?.limits.vials : undefined;
    if (vials !== undefined && values.vial > vials) {
      throw AppError.domain(400, 'draft_invalid', { fields: { vial: [`Must be lower than ${vials + 1}`] } });
    }
    const maxUl = device
      ? hardwareOf(device).find((c) => c.kind === 'injector')?.limits.max_injection_ul
      : undefined;
    if (values.injection_ul !== null && typeof maxUl === 'number' && values.injection_ul > maxUl) {
      throw AppError.domain(400, 'draft_invalid', {
        fields: { injection_ul: [`Must be at most ${maxUl} µL`] },
      });
    }
    if (values.method_id !== null) {
      const method = await samples.method(workspaceId, values.method_id);
      if (!method) throw AppError.domain(400, 'draft_invalid', { fields: { method_id: ['is not valid'] } });
      if (device && !methodFitsDevice(method, device))
        throw AppError.domain(400, 'sequence_method_incompatible');
    }
    if (values.calibration_level !== null) {
      await checkLevel(workspaceId, sequence, sample.type, values.calibration_level);
      return;
    }
    if (
      values.enabled &&
      sample.type === 'standard' &&
      !standardComplete(await samples.analytes([sample.id]))
    ) {
      throw AppError.domain(400, 'draft_cannot_be_enabled');
    }
  }

  /** A row's calibration level: a standard's, and one the sequence template's component table has. */
  async function checkLevel(workspaceId: number, sequence: SequenceRow, type: string, level: number) {
    const field = (message: string) =>
      AppError.domain(400, 'draft_invalid', { fields: { calibration_level: [message] } });
    if (type !== 'standard') throw field('Only a standard has a calibration level');
    const template =
      sequence.template_uuid === null
        ? undefined
        : await sequences.template(workspaceId, sequence.template_uuid);
    const levels = levelCount(componentsOfSnapshot(template));
    if (levels < level)
      throw field(
        levels === 0
          ? "The sequence's template has no calibration levels"
          : `The template's component table has ${levels} level${levels === 1 ? '' : 's'}`,
      );
  }

  return { owned, checkSequenceValues, checkDraft };
}

export type SequenceChecks = ReturnType<typeof createSequenceChecks>;
