import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  integrationEventKinds,
  integrationEventSchema,
  integrationEventsSchema,
  pointIntegrationEventKinds,
  valuedIntegrationEventKinds,
} from './integrationEvents.ts';

describe('integrationEventSchema', () => {
  it.each([
    { kind: 'inhibit', start_sec: 60, end_sec: 120 },
    { kind: 'inhibit', start_sec: 60 },
    { kind: 'tangent_skim', start_sec: 0, end_sec: null },
    { kind: 'threshold', start_sec: 30, value: 5 },
    { kind: 'peak_width', start_sec: 0, value: 4.5, end_sec: null },
    { kind: 'area_reject', start_sec: 300, value: 0.2 },
    { kind: 'force_baseline', start_sec: 95.5 },
    { kind: 'split_peak', start_sec: 12 },
  ])('accepts %j', (event) => {
    expect(integrationEventSchema.safeParse(event).success).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['an unknown kind', { kind: 'integrate_harder', start_sec: 1 }, 'kind'],
    ['a negative start', { kind: 'inhibit', start_sec: -1 }, 'start_sec'],
    ['an end before the start', { kind: 'inhibit', start_sec: 10, end_sec: 5 }, 'end_sec'],
    ['an end at the start', { kind: 'inhibit', start_sec: 10, end_sec: 10 }, 'end_sec'],
    ['a threshold without value', { kind: 'threshold', start_sec: 0 }, 'value'],
    ['an area reject of null', { kind: 'area_reject', start_sec: 0, value: null }, 'value'],
    ['a zero peak width', { kind: 'peak_width', start_sec: 0, value: 0 }, 'value'],
    ['an infinite start', { kind: 'inhibit', start_sec: Infinity }, 'start_sec'],
    ['an extra field', { kind: 'inhibit', start_sec: 0, note: 'x' }, ''],
  ])('refuses %s, naming the field', (_, event, field) => {
    const parsed = integrationEventSchema.safeParse(event);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('point and valued kinds are kinds of the list', () => {
    for (const kind of [...pointIntegrationEventKinds, ...valuedIntegrationEventKinds])
      expect(integrationEventKinds).toContain(kind);
  });

  it('any kind with a start, a later end and a positive value passes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...integrationEventKinds),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e5, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        (kind, start, length, value) =>
          integrationEventSchema.safeParse({ kind, start_sec: start, end_sec: start + length, value })
            .success,
      ),
      { seed: 30 },
    );
  });
});

describe('integrationEventsSchema', () => {
  it('takes an empty list and at most 200 events', () => {
    expect(integrationEventsSchema.safeParse([]).success).toBe(true);
    const event = { kind: 'split_peak', start_sec: 1 };
    expect(integrationEventsSchema.safeParse(Array(200).fill(event)).success).toBe(true);
    expect(integrationEventsSchema.safeParse(Array(201).fill(event)).success).toBe(false);
  });

  it('names the index of a bad event', () => {
    const parsed = integrationEventsSchema.safeParse([
      { kind: 'inhibit', start_sec: 0 },
      { kind: 'threshold', start_sec: 0 },
    ]);
    expect(parsed.error?.issues[0]?.path).toEqual([1, 'value']);
  });
});
