// Post-processing templates through the GraphQL documents of spec §7; saved by uuid (insert or update). The
// editor reads and writes the fields beyond spec §3 too (integration events, reporting threshold, negative
// peaks: `TEMPLATE_EXTENSION_FIELDS`); the list keeps the spec's document.
import {
  CREATE_OR_UPDATE_TEMPLATE_WITH_EXTENSIONS,
  POSTPROCESSING_TEMPLATE_WITH_EXTENSIONS,
  POSTPROCESSING_TEMPLATES,
  SET_TEMPLATE_ARCHIVING_STATUS,
  SET_TEMPLATE_FAVORITE_STATUS,
  flattenTemplate,
  prepareTemplate,
  toTemplateExtensions,
  toTemplatePayload,
  storedTemplateSchema,
  type CreateOrUpdateTemplateWithExtensionsMutationVariables,
  type FlatTemplate,
} from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { aggregateCount, createDeduplicatedQuery } from '../../api/graphql.ts';
import { parseAnswer } from '../../api/parse.ts';
import { listVariables, type ListParams } from '../../lib/listQuery.ts';

/** A stored template row (the generated result type's columns), its jsonb read with the contracts' schema. */
const flatTemplateOf = (row: unknown): FlatTemplate =>
  flattenTemplate(parseAnswer(storedTemplateSchema, row, 'template'));

export interface TemplatesPage {
  templates: FlatTemplate[];
  total: number;
}

const templatesQuery = createDeduplicatedQuery((variables: Record<string, unknown>) =>
  graphql.query(POSTPROCESSING_TEMPLATES, variables),
);

export async function fetchTemplates(params: ListParams): Promise<TemplatesPage> {
  const data = await templatesQuery(listVariables(params));
  return {
    templates: data.postprocessingTemplates.map(flatTemplateOf),
    total: aggregateCount(data.postprocessingTemplates_aggregate.aggregate),
  };
}

export async function fetchTemplate(uuid: string): Promise<FlatTemplate | null> {
  const data = await graphql.query(POSTPROCESSING_TEMPLATE_WITH_EXTENSIONS, { uuid });
  const stored = data.postprocessingTemplates[0];
  return stored ? flatTemplateOf(stored) : null;
}

/** What a null algorithm key means in the processing core; the save call needs every field non-null. */
export const algorithmDefaults = {
  algorithm_binj: 'none',
  algorithm_base: 'none',
  algorithm_pdet: 'default',
  algorithm_peak: 'default',
  algorithm_nois: 'median',
} as const;

/**
 * The variables of CreateOrUpdatePostprocessingTemplate: contracts preparation, then the payload groups,
 * then the extension fields.
 */
export function saveVariables(
  template: Partial<FlatTemplate>,
  uuid: string,
): CreateOrUpdateTemplateWithExtensionsMutationVariables {
  const payload = toTemplatePayload(prepareTemplate({ ...template, uuid }));
  return {
    ...payload,
    uuid,
    algorithm_binj: payload.algorithm_binj ?? algorithmDefaults.algorithm_binj,
    algorithm_base: payload.algorithm_base ?? algorithmDefaults.algorithm_base,
    algorithm_pdet: payload.algorithm_pdet ?? algorithmDefaults.algorithm_pdet,
    algorithm_peak: payload.algorithm_peak ?? algorithmDefaults.algorithm_peak,
    algorithm_nois: payload.algorithm_nois ?? algorithmDefaults.algorithm_nois,
    ...toTemplateExtensions(template),
  };
}

export async function saveTemplate(template: Partial<FlatTemplate>): Promise<FlatTemplate> {
  const uuid = template.uuid ?? crypto.randomUUID();
  const data = await graphql.query(CREATE_OR_UPDATE_TEMPLATE_WITH_EXTENSIONS, saveVariables(template, uuid));
  if (!data.insert_postprocessingTemplates_one) throw new Error('The server did not save the template.');
  return flatTemplateOf(data.insert_postprocessingTemplates_one);
}

export async function setTemplateFavorite(uuid: string, isFavorite: boolean): Promise<void> {
  await graphql.query(SET_TEMPLATE_FAVORITE_STATUS, { postprocessingTemplateUuid: uuid, isFavorite });
}

export async function setTemplateArchived(uuid: string, isArchived: boolean): Promise<void> {
  await graphql.query(SET_TEMPLATE_ARCHIVING_STATUS, { postprocessingTemplateUuid: uuid, isArchived });
}
