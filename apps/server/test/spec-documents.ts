// The GraphQL documents of spec §7 (kept in @eluent/contracts, which the web client sends too) and the
// variables tests and the benchmark send with them.

export {
  METHOD_FIELDS,
  METHOD,
  METHODS,
  METHODS_BY_IDS,
  SET_METHOD_ARCHIVING_STATUS,
  SET_METHOD_FAVORITE_STATUS,
  REMOVE_METHOD,
  CREATE_METHOD,
  UPDATE_METHOD,
  TEMPLATE_FIELDS,
  POSTPROCESSING_TEMPLATES,
  SET_TEMPLATE_FAVORITE_STATUS,
  SET_TEMPLATE_ARCHIVING_STATUS,
  CREATE_OR_UPDATE_TEMPLATE,
} from '@eluent/contracts';

/** Variables of the Methods list with the client's defaults. */
export function methodsVariables(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { limit: 20, offset: 0, hasOnlyFavorites: null, isArchived: false, ...overrides };
}

export function templateVariables(uuid: string, overrides: Record<string, unknown> = {}) {
  return {
    uuid,
    name: 'Default name',
    is_favorite: false,
    is_archived: false,
    algorithm_base: 'horizontal_correction',
    algorithm_binj: 'none',
    algorithm_pdet: 'default',
    algorithm_peak: 'default',
    algorithm_nois: 'median',
    params_pdet: { peak_detection_min_height: 1, peak_detection_min_width: 0.05 },
    params_peak: { peak_integration_quality_threshold: 0.9 },
    params_base: { baseline_correction_anchor_point: 'start' },
    params_binj: {},
    params_nois: {},
    params_dtim: { detection_time_start_sec: 0, detection_time_end_sec: 600 },
    ...overrides,
  };
}
