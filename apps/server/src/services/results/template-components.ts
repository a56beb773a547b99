// A processing template's components: read them, replace the list (the template editor), and set their
// expected retention times from a standard's current result. Every change is audited with old → new.
import {
  componentsBodySchema,
  componentsOfSnapshot,
  domainErrors,
  type RecordLock,
  retentionTimesFromStandardSchema,
  type CalibrationMode,
  type Component,
  type TemplateComponents,
} from '@eluent/contracts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/input.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { setVersionActor } from '../../repositories/record-versions.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { TemplateComponentsRepository } from '../../repositories/template-components.ts';
import { componentsFromAnalytes, retentionTimesFrom } from './components.ts';
import type { ResultsService } from './results.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

/** The lock a template's lock code names, in catalogue words. */
function lockOf(code: string | null): RecordLock | null {
  if (code === 'record_signed_locked' || code === 'sequence_running_template_locked')
    return { code, detail: domainErrors[code] };
  return null;
}

export function createTemplateComponentsService(deps: {
  templates: TemplateComponentsRepository;
  results: ResultsRepository;
  runs: RunsRepository;
  processing: ResultsService;
}) {
  const { templates, results, runs, processing } = deps;

  const view = async (
    uuid: string,
    components: unknown,
    mode: CalibrationMode,
    executor?: Executor,
    shared = false,
  ): Promise<TemplateComponents> => ({
    template_uuid: uuid,
    components: componentsOfSnapshot({ components }),
    calibration_mode: mode,
    // A public example is read-only for every lab; what other labs signed with it is not this one's business.
    lock: shared ? null : lockOf(await templates.lockCode(uuid, executor)),
  });

  /** Replaces the owned template's components in one audited transaction. */
  async function write(
    actor: Actor,
    uuid: string,
    change: (current: Component[]) => Component[],
    action: string,
    reason: string | null = null,
    mode?: CalibrationMode,
  ): Promise<TemplateComponents> {
    return templates.db.transaction().execute(async (trx) => {
      requireRole(actor, 'templates.update');
      // A template in use keeps its version; the save is the next one, made by this user (migration 0029).
      await setVersionActor(trx, actor.userId);
      const template = await templates.lockOwned(trx, actor.workspaceId, uuid);
      if (!template) throw AppError.domain(404, 'template_not_found');
      const before = componentsOfSnapshot({ components: template.components });
      const after = change(before);
      const modeBefore = template.calibration_mode;
      const modeAfter = mode ?? modeBefore;
      await templates.setComponents(trx, template.id, after, modeAfter);
      const modeChanged = modeAfter !== modeBefore;
      await writeAudit(trx, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'postprocessingTemplates',
        entityId: template.id,
        label: template.name,
        action,
        oldValues: { components: before, ...(modeChanged ? { calibration_mode: modeBefore } : {}) },
        newValues: { components: after, ...(modeChanged ? { calibration_mode: modeAfter } : {}) },
        reason,
      });
      return view(uuid, after, modeAfter, trx);
    });
  }

  return {
    async get(actor: Actor, uuid: string): Promise<TemplateComponents> {
      requireRole(actor, 'templates.read');
      const template = await templates.readable(actor.workspaceId, uuid);
      if (!template) throw AppError.domain(404, 'template_not_found');
      return view(
        template.uuid,
        template.components,
        template.calibration_mode,
        undefined,
        template.owner_id === null,
      );
    },

    /** PUT: the whole list, checked by the contracts schema (unique names, one reference peak). */
    async replace(actor: Actor, uuid: string, body: unknown): Promise<TemplateComponents> {
      const { components, calibration_mode: mode } = parseInput(componentsBodySchema, body);
      return write(actor, uuid, () => components, 'update_components', null, mode);
    },

    /**
     * Expected retention times from a measurement's current result (a standard: its analytes only); the
     * components it holds that cannot be matched to a peak keep their times. Answers the list and the
     * names updated.
     */
    async retentionTimesFromStandard(actor: Actor, uuid: string, body: unknown) {
      const { measurement_id: measurementId } = parseInput(retentionTimesFromStandardSchema, body);
      const measurement = await runs.measurement(measurementId);
      if (!measurement || measurement.workspace_id !== actor.workspaceId)
        throw AppError.domain(404, 'measurement_not_found');
      const [current] = await results.latestResults([measurementId]);
      if (!current) throw AppError.domain(400, 'components_none_found');
      const peaks = await results.peaks([current.id]);
      const standard = await processing.standardOf(measurement);
      const held = standard ? new Set(standard.analytes.map((name) => name.toLowerCase())) : null;
      let updated: string[] = [];
      const answer = await write(
        actor,
        uuid,
        (stored) => {
          // A template without components starts from the standard's analytes (names, times, units).
          const before = stored.length > 0 || !standard ? stored : componentsFromAnalytes(standard.rows);
          const outcome = retentionTimesFrom(peaks, before, held);
          if (
            outcome.updated.length === 0 &&
            before.length > 0 &&
            !before.some((c) => peaks.some((p) => p.name === c.name))
          )
            throw AppError.domain(400, 'components_none_found');
          updated = outcome.updated;
          return outcome.components;
        },
        'update_retention_times',
        `from measurement ${measurementId}`,
      );
      return { ...answer, updated };
    },
  };
}

export type TemplateComponentsService = ReturnType<typeof createTemplateComponentsService>;
