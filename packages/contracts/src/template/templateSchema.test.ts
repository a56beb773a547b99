import { describe, expect, it } from 'vitest';
import {
  flattenTemplate,
  prepareTemplate,
  templateDefaults,
  toTemplateExtensions,
  toTemplatePayload,
} from './template.ts';
import { checkProcessingTemplate } from './templateSchema.ts';

describe('checkProcessingTemplate', () => {
  it('passes the defaults and every template the editor saves', () => {
    expect(checkProcessingTemplate(templateDefaults).ok).toBe(true);
    const saved = toTemplatePayload(
      prepareTemplate({
        ...templateDefaults,
        name: 'Assay',
        algorithm_base: 'manual',
        detection_time_start_min: 0.5,
        peak_detection_min_prominence: 5,
      }),
    );
    expect(checkProcessingTemplate(flattenTemplate(saved))).toMatchObject({
      ok: true,
      template: { detection_time_start_sec: 30, peak_detection_min_prominence: 5 },
    });
    expect(
      checkProcessingTemplate({ baseline_correction_points: [{ time_sec: 1, value: 0 }, [2, 0.5]] }).ok,
    ).toBe(true);
  });

  it('names each field of a stored template that is not what the core reads', () => {
    expect(
      checkProcessingTemplate({
        ...templateDefaults,
        peak_detection_min_width: '3',
        algorithm_peak: 7,
        baseline_correction_points: [{ time_sec: 'a', value: 0 }],
      }),
    ).toEqual({
      ok: false,
      problems: {
        peak_detection_min_width: [expect.stringContaining('number')],
        algorithm_peak: [expect.stringContaining('string')],
        baseline_correction_points: [expect.any(String)],
      },
    });
    expect(checkProcessingTemplate('not a template')).toMatchObject({
      ok: false,
      problems: { template: [expect.any(String)] },
    });
  });

  it('reads the extension fields and names a bad event', () => {
    const extensions = {
      integration_events: [{ kind: 'inhibit', start_sec: 0, end_sec: 60 }],
      reporting_threshold_percent: 0.1,
      peak_detection_negative_peaks: true,
    };
    expect(checkProcessingTemplate({ ...templateDefaults, ...extensions })).toEqual({
      ok: true,
      template: { ...templateDefaults, ...extensions },
    });
    expect(
      checkProcessingTemplate({
        integration_events: [{ kind: 'area_reject', start_sec: 0 }],
        reporting_threshold_percent: -1,
      }),
    ).toEqual({
      ok: false,
      problems: {
        integration_events: [expect.stringContaining('value is required')],
        reporting_threshold_percent: [expect.any(String)],
      },
    });
  });

  it('carries the extension fields through flattenTemplate and toTemplateExtensions', () => {
    const flat = flattenTemplate({
      name: 'With events',
      integration_events: [{ kind: 'split_peak', start_sec: 12 }],
      reporting_threshold_percent: 0,
    });
    expect(flat).toMatchObject({
      integration_events: [{ kind: 'split_peak', start_sec: 12 }],
      reporting_threshold_percent: 0,
      peak_detection_negative_peaks: null,
    });
    expect(toTemplateExtensions(flat)).toEqual({
      integration_events: [{ kind: 'split_peak', start_sec: 12 }],
      reporting_threshold_percent: 0,
      peak_detection_negative_peaks: null,
    });
    expect(toTemplateExtensions({})).toEqual({
      integration_events: null,
      reporting_threshold_percent: null,
      peak_detection_negative_peaks: null,
    });
  });
});
