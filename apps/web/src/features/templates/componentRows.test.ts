import { describe, expect, it } from 'vitest';
import { componentOf, emptyRow, rowOf, rowProblems } from './componentRows.ts';

describe('component rows', () => {
  it('round-trips a component through the editor row (minutes on screen, seconds stored)', () => {
    const component = {
      name: 'Caffeine',
      expected_retention_time_sec: 332.4,
      window_sec: 6,
      is_reference: true,
      model: 'quadratic' as const,
      weighting: '1/x2' as const,
      amount_unit: 'µg/mL',
      levels: [8, 16, 32],
      suitability: {
        plates_min: 2000,
        tailing_max: 2,
        resolution_min: null,
        signal_to_noise_min: 10,
        retention_time_window_sec: null,
        area_rsd_max_percent: 2,
        check_deviation_max_percent: null,
      },
    };
    const row = rowOf(component);
    expect(row).toMatchObject({ expectedMin: '5.54', windowMin: '0.1', levels: '8, 16, 32' });
    expect(row.suitability).toMatchObject({
      plates_min: '2000',
      resolution_min: '',
      area_rsd_max_percent: '2',
    });
    expect(componentOf(row)).toEqual({ ...component, expected_retention_time_sec: expect.closeTo(332.4, 9) });
  });

  it('sends what cannot be read as NaN so the server names the field, and levels split on commas or spaces', () => {
    const sent = componentOf({ ...emptyRow(), name: ' A ', expectedMin: '', levels: '1 2;3,,4' });
    expect(sent.name).toBe('A');
    expect(sent.expected_retention_time_sec).toBeNaN();
    expect(sent.levels).toEqual([1, 2, 3, 4]);
    const limits = componentOf({
      ...emptyRow(),
      suitability: { ...emptyRow().suitability, tailing_max: 'x' },
    });
    expect((limits.suitability as Record<string, number | null>).tailing_max).toBeNaN();
    expect((limits.suitability as Record<string, number | null>).plates_min).toBeNull();
  });

  it('puts the server reasons on their rows and fields', () => {
    const problems = rowProblems({
      'components.1.name': ['Names must be unique'],
      'components.0.expected_retention_time_sec': ['Must be higher than 0'],
      'components.0.suitability.tailing_max': ['Expected number, received NaN'],
      components: ['Only one component can be the reference peak'],
    });
    expect(problems.get(1)).toEqual({ name: 'Names must be unique' });
    expect(problems.get(0)).toEqual({
      expected_retention_time_sec: 'Must be higher than 0',
      'suitability.tailing_max': 'Expected number, received NaN',
    });
    expect(problems.size).toBe(2);
  });
});
