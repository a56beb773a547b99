// Reprocessing from the viewer over REST (docs/sequences.md): a job for one measurement or a selection with
// any template, its progress, and picking which result version is current.
import { processingJobSchema, resultVersionsSchema } from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { REPROCESS_TEMPLATES, type ReprocessTemplatesQuery } from '@eluent/contracts';
import { call } from '../sequences/sequencesApi.ts';

export type TemplateChoice = ReprocessTemplatesQuery['postprocessingTemplates'][number];

export async function fetchTemplateChoices(): Promise<TemplateChoice[]> {
  const data = await graphql.query(REPROCESS_TEMPLATES);
  return data.postprocessingTemplates;
}

/** What a job reprocesses: a whole sequence, or measurements (one, or a selection). */
export type ReprocessTarget = { sequenceId: number } | { measurementIds: readonly number[] };

/** Queues a job; `template_uuid: null` is the default processing. */
export function startReprocessing(target: ReprocessTarget, templateUuid: string | null) {
  const scope =
    'sequenceId' in target
      ? { sequence_id: target.sequenceId }
      : target.measurementIds.length === 1
        ? { measurement_id: target.measurementIds[0] }
        : { measurement_ids: target.measurementIds };
  return call(processingJobSchema, 'POST', '/api/processing-jobs/', {
    ...scope,
    template_uuid: templateUuid,
  });
}

export const fetchJob = (id: number) => call(processingJobSchema, 'GET', `/api/processing-jobs/${id}/`);

/** Makes a version current (`null`: back to the newest). */
export const pickCurrentResult = (measurementId: number, resultId: number | null) =>
  call(resultVersionsSchema, 'PUT', `/api/measurements/${measurementId}/current-result/`, {
    result_id: resultId,
  });
