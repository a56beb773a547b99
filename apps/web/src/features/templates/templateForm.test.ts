import { describe, expect, it } from 'vitest';
import { templateDefaults } from '@eluent/contracts';
import {
  parsePoints,
  templateExtraCheck,
  toFlatTemplate,
  toFormValues,
  toPreviewTemplate,
  withTimeUnit,
} from './templateForm.ts';

describe('template form', () => {
  it('shows the detection window in minutes and saves it in the minute fields', () => {
    const values = toFormValues(
      { ...templateDefaults, detection_time_start_sec: 90, detection_time_end_sec: 600 },
      'min',
    );
    expect(values).toMatchObject({ detection_start: '1.5', detection_end: '10', algorithm_nois: 'median' });
    const flat = toFlatTemplate(values, 'min', templateDefaults);
    expect(flat).toMatchObject({ detection_time_start_min: 1.5, detection_time_end_min: 10 });
    expect(toPreviewTemplate(values, 'min', templateDefaults)).toMatchObject({
      detection_time_start_sec: 90,
      detection_time_end_sec: 600,
    });
  });
  it('checks that the window end comes after its start with the spec message', () => {
    expect(templateExtraCheck('detection_end', '2', { detection_start: '5' })).toBe('Must be higher than 5');
    expect(templateExtraCheck('detection_end', '6', { detection_start: '5' })).toBeNull();
  });
  it('parses manual baseline points, one "time, value" per line', () => {
    expect(parsePoints('0, 1\n 60 2.5 \n')).toEqual([
      [0, 1],
      [60, 2.5],
    ]);
    expect(parsePoints('0, x')).toBeNull();
  });
});

describe('switching the time unit', () => {
  it('converts the detection window between minutes and seconds', () => {
    const values = { name: 'Assay', detection_start: '1.5', detection_end: '12' };
    expect(withTimeUnit(values, 'sec')).toEqual({
      name: 'Assay',
      detection_start: '90',
      detection_end: '720',
    });
    expect(withTimeUnit({ detection_start: '90', detection_end: '20' }, 'min')).toEqual({
      detection_start: '1.5',
      detection_end: '0.333333',
    });
  });

  it('keeps an empty or mistyped time as typed', () => {
    expect(withTimeUnit({ detection_start: '', detection_end: '1,5' }, 'sec')).toEqual({
      detection_start: '',
      detection_end: '1,5',
    });
    expect(withTimeUnit({}, 'sec')).toEqual({ detection_start: '', detection_end: '' });
  });
});
