// The GraphQL documents of spec §7 with Hasura variable type names: the web client sends them, and the
// server's tests and the benchmark send them literally as a client written against the spec would.

const methodsWhere = `{
      favorite: { _eq: $hasOnlyFavorites }
      archived: { _eq: $isArchived }
      id: { _nin: $methodIdsToExclude }
      _or: $whereSearchByNameOrId
      _and: [
        { _or: [{ hardware_configuration: { _eq: [] } }, { hardware_configuration: { _eq: $hardwareConfiguration } }] }
      ]
    }`;

export const METHOD_FIELDS = `
  id name comment archived favorite editable is_example analog_signal_description analog_signal_type buffer
  mobile_phase solvents gradient flow_rate_ml_per_min refill_flow_rate_ml_per_min syringe_refill_speed
  run_time_min run_time_ms temperature pressure_min pressure_reach_sec measurements
  hardware_configuration
  detector_single_channel calibration_delay_sec injection_ul injection_ms injection_sec injection_delay_sec
  needle_depth_mm wash_after_injection shaking_duration_ms shaking_duration_sec fraction_collector_interval_sec
  fraction_collector_start_delay_sec fraction_collector_starts_with_vial valve_routine valve_initial_position
  valve_does_change_position valve_change_position_after_sec`;

export const METHOD = `query Method($methodId: Int!) {
  methods_by_pk(id: $methodId) {${METHOD_FIELDS}
  }
}`;

/** The method's fields beyond spec §4's list: the maximum-pressure shut-off (docs/methods.md). */
export const METHOD_EXTENSION_FIELDS = 'pressure_max';

/** `Method` with the extension fields, as the method editor reads a method. */
export const METHOD_WITH_EXTENSIONS = `query Method($methodId: Int!) {
  methods_by_pk(id: $methodId) {${METHOD_FIELDS} ${METHOD_EXTENSION_FIELDS}
  }
}`;

function methodsQuery(selection: string): string {
  return `query Methods(
  $limit: Int = 20
  $offset: Int = 0
  $hasOnlyFavorites: Boolean
  $hasSortingByFavorites: order_by
  $isArchived: Boolean = false
  $whereSearchByNameOrId: [methods_bool_exp!]
  $methodIdsToExclude: [Int!]
  $hardwareConfiguration: jsonb
) {
  methods(
    limit: $limit
    offset: $offset
    order_by: [{ favorite: $hasSortingByFavorites }, { id: desc }]
    where: ${methodsWhere}
  ) {${selection}
  }
  methods_aggregate(where: ${methodsWhere}) {
    aggregate {
      count
    }
  }
}`;
}

/** The Methods list with the columns of spec §7. */
export const METHODS = methodsQuery(`
    id
    name
    favorite
    archived
    is_example
    hardware_configuration`);

/** The Methods list with the extra columns the web cabinet's table shows. */
export const METHODS_WITH_TABLE_COLUMNS = methodsQuery(`
    id name favorite archived is_example editable hardware_configuration flow_rate_ml_per_min run_time_min
    analog_signal_description`);

export const METHODS_BY_IDS = `query MethodsByIds($methodIds: [Int!]) {
  methods(where: { id: { _in: $methodIds } }, order_by: { id: asc }) {
    id
    name
  }
}`;

export const SET_METHOD_ARCHIVING_STATUS = `mutation SetArchivingStatus($methodId: Int!, $isArchived: Boolean!) {
  update_methods_by_pk(pk_columns: { id: $methodId }, _set: { archived: $isArchived }) {
    id
  }
}`;

export const SET_METHOD_FAVORITE_STATUS = `mutation SetFavoriteStatus($methodId: Int!, $isFavorite: Boolean!) {
  update_methods_by_pk(pk_columns: { id: $methodId }, _set: { favorite: $isFavorite }) {
    id
  }
}`;

export const REMOVE_METHOD = `mutation RemoveMethod($methodId: Int!) {
  delete_methods_by_pk(id: $methodId) {
    id
  }
}`;

export const CREATE_METHOD = `mutation CreateMethod($object: methods_insert_input!) {
  insert_methods_one(object: $object) {
    id
    name
    hardware_configuration
  }
}`;

export const UPDATE_METHOD = `mutation UpdateMethod($methodId: Int!, $set: methods_set_input!) {
  update_methods_by_pk(pk_columns: { id: $methodId }, _set: $set) {
    id
    name
  }
}`;

const templatesWhere = `{
      is_favorite: { _eq: $hasOnlyFavorites }
      is_archived: { _eq: $isArchived }
      id: { _nin: $postprocessingTemplateIdsToExclude }
      _or: $whereSearchByNameOrId
    }`;

export const TEMPLATE_FIELDS = `
  uuid id name is_archived is_favorite algorithm_base algorithm_binj algorithm_pdet algorithm_peak algorithm_nois
  params_pdet params_peak params_base params_binj params_nois params_dtim`;

export const POSTPROCESSING_TEMPLATES = `query PostprocessingTemplates(
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

export const POSTPROCESSING_TEMPLATE = `query PostprocessingTemplate($uuid: uuid!) {
  postprocessingTemplates(where: { uuid: { _eq: $uuid } }) {${TEMPLATE_FIELDS}
  }
}`;

/**
 * The template's fields beyond spec §3 (columns of their own, docs/processing.md "Integration events"): the
 * spec's documents keep their field lists, the template editor reads and writes these too.
 */
export const TEMPLATE_EXTENSION_FIELDS =
  'integration_events reporting_threshold_percent peak_detection_negative_peaks';

/** `PostprocessingTemplate` with the extension fields, as the template editor reads a template. */
export const POSTPROCESSING_TEMPLATE_WITH_EXTENSIONS = `query PostprocessingTemplate($uuid: uuid!) {
  postprocessingTemplates(where: { uuid: { _eq: $uuid } }) {${TEMPLATE_FIELDS} ${TEMPLATE_EXTENSION_FIELDS}
  }
}`;

export const SET_TEMPLATE_FAVORITE_STATUS = `mutation SetFavoriteStatus($postprocessingTemplateUuid: uuid!, $isFavorite: Boolean!) {
  update_postprocessingTemplates(
    where: { uuid: { _eq: $postprocessingTemplateUuid } }
    _set: { is_favorite: $isFavorite }
  ) {
    returning {
      uuid
    }
  }
}`;

export const SET_TEMPLATE_ARCHIVING_STATUS = `mutation SetArchivingStatus($postprocessingTemplateUuid: uuid!, $isArchived: Boolean!) {
  update_postprocessingTemplates(
    where: { uuid: { _eq: $postprocessingTemplateUuid } }
    _set: { is_archived: $isArchived }
  ) {
    returning {
      uuid
    }
  }
}`;

export const CREATE_OR_UPDATE_TEMPLATE = `mutation CreateOrUpdatePostprocessingTemplate(
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

/** `CreateOrUpdatePostprocessingTemplate` that also writes (and returns) the extension fields. */
export const CREATE_OR_UPDATE_TEMPLATE_WITH_EXTENSIONS = CREATE_OR_UPDATE_TEMPLATE.replace(
  '$params_dtim: jsonb!\n',
  '$params_dtim: jsonb!\n  $integration_events: jsonb\n  $reporting_threshold_percent: Float\n  $peak_detection_negative_peaks: Boolean\n',
)
  .replace(
    'params_dtim: $params_dtim\n',
    'params_dtim: $params_dtim\n      integration_events: $integration_events\n      reporting_threshold_percent: $reporting_threshold_percent\n      peak_detection_negative_peaks: $peak_detection_negative_peaks\n',
  )
  .replace(
    '        params_dtim\n      ]',
    '        params_dtim\n        integration_events\n        reporting_threshold_percent\n        peak_detection_negative_peaks\n      ]',
  )
  .replace(`) {${TEMPLATE_FIELDS}\n  }\n}`, `) {${TEMPLATE_FIELDS} ${TEMPLATE_EXTENSION_FIELDS}\n  }\n}`);
