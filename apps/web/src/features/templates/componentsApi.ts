// A template's components over REST (docs/processing.md, "Components and calibration").
import { retentionTimesUpdatedSchema, templateComponentsSchema } from '@eluent/contracts';
import type { CalibrationMode, TemplateComponents } from '@eluent/contracts';
import { http } from '../../api/client.ts';
import { httpErrorText } from '../../api/errors.ts';
import { parseAnswer } from '../../api/parse.ts';
import { call } from '../sequences/sequencesApi.ts';

export const fetchComponents = (uuid: string) =>
  call(templateComponentsSchema, 'GET', `/api/templates/${uuid}/components/`);

/** A refused save: the server's text and its reasons per field (`components.1.name`). */
export class ComponentsRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]> | undefined,
  ) {
    super(message);
  }
}

export async function saveComponents(
  uuid: string,
  components: unknown[],
  calibrationMode: CalibrationMode,
): Promise<TemplateComponents> {
  const result = await http.request<unknown>('PUT', `/api/templates/${uuid}/components/`, {
    body: { components, calibration_mode: calibrationMode },
  });
  if (result.ok) return parseAnswer(templateComponentsSchema, result.data, 'components');
  throw new ComponentsRefused(httpErrorText(result.status, result.data), result.data?.fields);
}

/** Sets the expected retention times from a standard's current result; answers the names updated. */
export const retentionTimesFromStandard = (uuid: string, measurementId: number) =>
  call(retentionTimesUpdatedSchema, 'POST', `/api/templates/${uuid}/components/retention-times/`, {
    measurement_id: measurementId,
  });
