// Post-processing templates through the GraphQL documents of spec §7; saved by uuid (insert or update).
import {
  flattenTemplate,
  prepareTemplate,
  toTemplatePayload,
  type FlatTemplate,
  type TemplatePayload,
} from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { createDeduplicatedQuery } from '../../api/graphql.ts';
import { listVariables, type ListParams } from '../methods/listQuery.ts';

const TEMPLATE_FIELDS = `
  uuid id name is_archived is_favorite algorithm_base algorithm_binj algorithm_pdet algorithm_peak algorithm_nois
  params_pdet params_peak params_base params_binj params_nois params_dtim`;

const templatesWhere = `{
      is_favorite: { _eq: $hasOnlyFavorites }
      is_archived: { _eq: $isArchived }
      id: { _nin: $postprocessingTemplateIdsToExclude }
      _or: $whereSearchByNameOrId
    }`;

const POSTPROCESSING_TEMPLATES = `query PostprocessingTemplates(
  $limit: Int = 20
  $offset: Int = 0
  $hasOnlyFavorites: Boolean
  $hasSortingByFavorites: order_by
  $isArchived: Boolean = false
  $whereSearchByNameOrId: [postprocessingTemplates_bool_exp!]
  $postprocessingTemplateIdsToExclude: [Int!]
) {
  postprocessingTemplates(
    limit: $limit
    offset: $offset
    order_by: [{ is_favorite: $hasSortingByFavorites }, { id: desc }]
    where: ${templatesWhere}
  ) {${TEMPLATE_FIELDS}
  }
  postprocessingTemplates_aggregate(where: ${templatesWhere}) {
    aggregate {
      count
    }
  }
}`;

const TEMPLATE_BY_UUID = `query PostprocessingTemplate($uuid: uuid!) {
  postprocessingTemplates(where: { uuid: { _eq: $uuid } }) {${TEMPLATE_FIELDS}
  }
}`;

const SET_FAVORITE_STATUS = `mutation SetFavoriteStatus($postprocessingTemplateUuid: uuid!, $isFavorite: Boolean!) {
  update_postprocessingTemplates(
    where: { uuid: { _eq: $postprocessingTemplateUuid } }
    _set: { is_favorite: $isFavorite }
  ) {
    returning {
      uuid
    }
  }
}`;

const SET_ARCHIVING_STATUS = `mutation SetArchivingStatus($postprocessingTemplateUuid: uuid!, $isArchived: Boolean!) {
  update_postprocessingTemplates(
    where: { uuid: { _eq: $postprocessingTemplateUuid } }
    _set: { is_archived: $isArchived }
  ) {
    returning {
      uuid
    }
  }
}`;

const CREATE_OR_UPDATE = `mutation CreateOrUpdatePostprocessingTemplate(
  $uuid: uuid!
  $name: String!
  $is_favorite: Boolean!
  $is_archived: Boolean!
  $algorithm_base: String!
  $algorithm_binj: String!
  $algorithm_pdet: String!
  $algorithm_peak: String!
  $algorithm_nois: String!
  $params_pdet: jsonb!
  $params_peak: jsonb!
  $params_base: jsonb!
  $params_binj: jsonb!
  $params_nois: jsonb!
  $params_dtim: jsonb!
) {
  insert_postprocessingTemplates_one(
    object: {
      uuid: $uuid
      name: $name
      is_favorite: $is_favorite
      is_archived: $is_archived
      algorithm_base: $algorithm_base
      algorithm_binj: $algorithm_binj
      algorithm_pdet: $algorithm_pdet
      algorithm_peak: $algorithm_peak
      algorithm_nois: $algorithm_nois
      params_pdet: $params_pdet
      params_peak: $params_peak
      params_base: $params_base
      params_binj: $params_binj
      params_nois: $params_nois
      params_dtim: $params_dtim
    }
    on_conflict: {
      constraint: postprocessingTemplates_uuid_key
      update_columns: [
        name
        is_favorite
        is_archived
        algorithm_base
        algorithm_binj
        algorithm_pdet
        algorithm_peak
        algorithm_nois
        params_pdet
        params_peak
        params_base
        params_binj
        params_nois
        params_dtim
      ]
    }
  ) {${TEMPLATE_FIELDS}
  }
}`;

type StoredTemplate = TemplatePayload & { id: number };

export interface TemplatesPage {
  templates: FlatTemplate[];
  total: number;
}

const templatesQuery = createDeduplicatedQuery((variables: Record<string, unknown>) =>
  graphql.query<{
    postprocessingTemplates: StoredTemplate[];
    postprocessingTemplates_aggregate: { aggregate: { count: number } };
  }>(POSTPROCESSING_TEMPLATES, variables),
);

export async function fetchTemplates(params: ListParams): Promise<TemplatesPage> {
  const data = await templatesQuery(listVariables(params));
  return {
    templates: data.postprocessingTemplates.map(flattenTemplate),
    total: data.postprocessingTemplates_aggregate.aggregate.count,
  };
}

export async function fetchTemplate(uuid: string): Promise<FlatTemplate | null> {
  const data = await graphql.query<{ postprocessingTemplates: StoredTemplate[] }>(TEMPLATE_BY_UUID, { uuid });
  const stored = data.postprocessingTemplates[0];
  return stored ? flattenTemplate(stored) : null;
}

/** What a null algorithm key means in the processing core; the save call needs every field non-null. */
export const algorithmDefaults = {
  algorithm_binj: 'none',
  algorithm_base: 'none',
  algorithm_pdet: 'default',
  algorithm_peak: 'default',
  algorithm_nois: 'median',
} as const;

/** The variables of CreateOrUpdatePostprocessingTemplate: contracts preparation, then the payload groups. */
export function saveVariables(
  template: Partial<FlatTemplate>,
  uuid: string,
): TemplatePayload & { uuid: string } {
  const payload = toTemplatePayload(prepareTemplate({ ...template, uuid }));
  return {
    ...payload,
    uuid,
    algorithm_binj: payload.algorithm_binj ?? algorithmDefaults.algorithm_binj,
    algorithm_base: payload.algorithm_base ?? algorithmDefaults.algorithm_base,
    algorithm_pdet: payload.algorithm_pdet ?? algorithmDefaults.algorithm_pdet,
    algorithm_peak: payload.algorithm_peak ?? algorithmDefaults.algorithm_peak,
    algorithm_nois: payload.algorithm_nois ?? algorithmDefaults.algorithm_nois,
  };
}

export async function saveTemplate(template: Partial<FlatTemplate>): Promise<FlatTemplate> {
  const uuid = template.uuid ?? crypto.randomUUID();
  const data = await graphql.query<{ insert_postprocessingTemplates_one: StoredTemplate }>(CREATE_OR_UPDATE, {
    ...saveVariables(template, uuid),
  });
  return flattenTemplate(data.insert_postprocessingTemplates_one);
}

export async function setTemplateFavorite(uuid: string, isFavorite: boolean): Promise<void> {
  await graphql.query(SET_FAVORITE_STATUS, { postprocessingTemplateUuid: uuid, isFavorite });
}

export async function setTemplateArchived(uuid: string, isArchived: boolean): Promise<void> {
  await graphql.query(SET_ARCHIVING_STATUS, { postprocessingTemplateUuid: uuid, isArchived });
}
