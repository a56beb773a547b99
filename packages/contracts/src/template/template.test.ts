import { describe, expect, it } from 'vitest';
import { algorithmKeyOf, algorithmLabel } from './algorithms.ts';
import {
  flattenTemplate,
  prepareTemplate,
  templateDefaults,
  toTemplatePayload,
  type FlatTemplate,
} from './template.ts';

describe('algorithm keys and labels (spec §3)', () => {
  it.each([
    ['diagonal_correction', 'Diagonal correction'],
    ['horizontal_correction', 'Horizontal correction'],
    ['manual', 'Manual'],
    ['simple_subtraction', 'Simple subtraction'],
    ['default', 'Default'],
    ['peak_fitting_v1', 'Peak Fitting v1'],
    ['first_derivative', '1st derivative'],
    ['wavelet_v1', 'Wavelet v1'],
    ['start', 'Start'],
    ['median', 'Median'],
    ['finish', 'Finish'],
    ['none', 'None'],
  ])('%s ↔ %s', (key, label) => {
    expect(algorithmLabel(key)).toBe(label);
    expect(algorithmKeyOf(label)).toBe(key);
  });
  it.each(['banana', 'toString', 'Default '])('unmapped %j raises Unknown postprocessing value', (value) => {
    expect(() => algorithmLabel(value)).toThrow('Unknown postprocessing value');
    expect(() => algorithmKeyOf(value)).toThrow('Unknown postprocessing value');
  });
});

describe('prepareTemplate (spec §5)', () => {
  it.each<[string, Partial<FlatTemplate>, Partial<FlatTemplate>]>([
    ['trims the name', { name: '  My template ' }, { name: 'My template' }],
    ['empty name becomes Default name', { name: '   ' }, { name: 'Default name' }],
    ['missing name becomes Default name', {}, { name: 'Default name' }],
    [
      'minutes become whole seconds and override seconds',
      { detection_time_start_min: 1.2345, detection_time_end_min: 10, detection_time_start_sec: 5 },
      { detection_time_start_sec: 74, detection_time_end_sec: 600 },
    ],
    [
      'manual becomes horizontal_correction',
      { algorithm_base: 'manual' },
      { algorithm_base: 'horizontal_correction' },
    ],
  ])('%s', (_, input, expected) => {
    expect(prepareTemplate(input)).toMatchObject(expected);
  });
  it('drops id, baseline_correction_points and the minute fields', () => {
    const prepared = prepareTemplate({
      id: 4,
      baseline_correction_points: [[1, 2]],
      detection_time_start_min: 1,
      detection_time_end_min: null,
    });
    expect(prepared).not.toHaveProperty('id');
    expect(prepared).not.toHaveProperty('baseline_correction_points');
    expect(prepared).not.toHaveProperty('detection_time_start_min');
    expect(prepared).not.toHaveProperty('detection_time_end_min');
  });
  it('does not mutate its input', () => {
    const input = { name: ' a ', id: 1 };
    prepareTemplate(input);
    expect(input).toEqual({ name: ' a ', id: 1 });
  });
});

describe('toTemplatePayload groups (spec §5)', () => {
  const full: Partial<FlatTemplate> = {
    value_at_start: 1,
    value_at_end: 2,
    peak_integration_quality_threshold: 0.05,
    baseline_correction_points: [[0, 1]],
    baseline_correction_anchor_point: 30,
    blank_injection_measurement_ulid: '01H',
    blank_injection_measurement_id: 9,
    peak_detection_min_distance: 1,
    peak_detection_min_width: 2,
    peak_detection_min_prominence: 3,
    peak_detection_min_height: null,
    detection_time_start_sec: 10,
    detection_time_end_sec: undefined,
  };
  it.each<[string, Partial<FlatTemplate>, keyof ReturnType<typeof toTemplatePayload>, object]>([
    ['peak none → empty', { algorithm_peak: 'none' }, 'params_peak', {}],
    [
      'peak first_derivative → values at start/end',
      { algorithm_peak: 'first_derivative' },
      'params_peak',
      { value_at_start: 1, value_at_end: 2 },
    ],
    [
      'peak other → quality threshold',
      { algorithm_peak: 'default' },
      'params_peak',
      { peak_integration_quality_threshold: 0.05 },
    ],
    ['peak null → quality threshold', {}, 'params_peak', { peak_integration_quality_threshold: 0.05 }],
    [
      'base manual → points',
      { algorithm_base: 'manual' },
      'params_base',
      { baseline_correction_points: [[0, 1]] },
    ],
    [
      'base horizontal → anchor',
      { algorithm_base: 'horizontal_correction' },
      'params_base',
      { baseline_correction_anchor_point: 30 },
    ],
    ['base other → empty', { algorithm_base: 'diagonal_correction' }, 'params_base', {}],
    ['binj none → empty', { algorithm_binj: 'none' }, 'params_binj', {}],
    [
      'binj other → blank ulid and id',
      { algorithm_binj: 'simple_subtraction' },
      'params_binj',
      { blank_injection_measurement_ulid: '01H', blank_injection_measurement_id: 9 },
    ],
    [
      'pdet → the four minimums, nulls dropped',
      {},
      'params_pdet',
      { peak_detection_min_distance: 1, peak_detection_min_width: 2, peak_detection_min_prominence: 3 },
    ],
    ['dtim → start and end seconds, undefined dropped', {}, 'params_dtim', { detection_time_start_sec: 10 }],
    ['nois → always empty', { algorithm_nois: 'median' }, 'params_nois', {}],
  ])('%s', (_, algorithms, group, expected) => {
    expect(toTemplatePayload({ ...full, ...algorithms })[group]).toEqual(expected);
  });
});

describe('flattenTemplate (reverse flattening)', () => {
  it('fills the §3 defaults and spreads the groups back', () => {
    const payload = toTemplatePayload(
      prepareTemplate({ name: 'x', algorithm_pdet: 'default', peak_detection_min_prominence: 2 }),
    );
    const flat = flattenTemplate({ ...payload, id: 7 });
    expect(flat).toEqual({
      ...templateDefaults,
      name: 'x',
      id: 7,
      algorithm_pdet: 'default',
      peak_detection_min_prominence: 2,
    });
  });
  it('gives the defaults for an empty record', () => {
    expect(flattenTemplate({})).toEqual(templateDefaults);
  });
});
