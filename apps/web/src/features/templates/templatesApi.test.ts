import { describe, expect, it } from 'vitest';
import { saveVariables } from './templatesApi.ts';

describe('saveVariables (spec §4–§5 preparation, §7 non-null fields)', () => {
  it('prepares the template, fills null algorithm keys with what the core means by null, keeps the events', () => {
    const variables = saveVariables(
      {
        name: '  ',
        algorithm_base: 'manual',
        detection_time_start_min: 1.5,
        detection_time_end_min: 10,
        peak_detection_min_prominence: 2,
        baseline_correction_points: [[0, 1]],
        integration_events: [{ kind: 'inhibit', start_sec: 60, end_sec: 90 }],
        reporting_threshold_percent: 0,
      },
      '11111111-1111-4111-8111-111111111111',
    );
    expect(variables).toEqual({
      uuid: '11111111-1111-4111-8111-111111111111',
      name: 'Default name',
      is_favorite: false,
      is_archived: false,
      algorithm_base: 'horizontal_correction',
      algorithm_binj: 'none',
      algorithm_pdet: 'default',
      algorithm_peak: 'default',
      algorithm_nois: 'median',
      params_pdet: { peak_detection_min_prominence: 2 },
      params_peak: {},
      params_base: {},
      params_binj: {},
      params_nois: {},
      params_dtim: { detection_time_start_sec: 90, detection_time_end_sec: 600 },
      integration_events: [{ kind: 'inhibit', start_sec: 60, end_sec: 90 }],
      reporting_threshold_percent: 0,
      peak_detection_negative_peaks: null,
    });
  });
});
