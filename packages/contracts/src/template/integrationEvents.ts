// Timed integration events of a processing template (issue 30): the ChemStation "timed events", Empower
// "integration events" and Chromeleon "detection parameters" a method carries to integrate as the vendor did.
import { z } from 'zod';

export const integrationEventKinds = [
  'inhibit', // integration off from start_sec to end_sec (ChemStation "Integration Off/On")
  'threshold', // detection threshold (S/N multiple or min prominence in signal units) from start_sec: value
  'peak_width', // expected peak width (s) from start_sec: value
  'area_reject', // area reject from start_sec: value (signal·s)
  'valley_to_valley', // baseline at valleys (drop lines become valley-to-valley) from start_sec to end_sec
  'tangent_skim', // skim riders with a tangent from start_sec to end_sec
  'exponential_skim', // skim riders with an exponential from start_sec to end_sec
  'negative_peaks', // detect negative peaks from start_sec to end_sec
  'force_baseline', // baseline now: force a baseline contact at start_sec (point event)
  'baseline_hold', // hold the baseline level from start_sec to end_sec (horizontal from start)
  'split_peak', // drop line at start_sec (point event)
  'shoulders_off', // no shoulder split from its host from start_sec to end_sec (the host integrates through it)
] as const;
export type IntegrationEventKind = (typeof integrationEventKinds)[number];

/** Kinds that act at one instant: their end_sec is ignored. */
export const pointIntegrationEventKinds: readonly IntegrationEventKind[] = ['force_baseline', 'split_peak'];
/** Kinds that set a value from their start: value is required. */
export const valuedIntegrationEventKinds: readonly IntegrationEventKind[] = [
  'threshold',
  'peak_width',
  'area_reject',
];

export const integrationEventSchema = z
  .strictObject({
    kind: z.enum(integrationEventKinds),
    start_sec: z.number().finite().nonnegative(),
    // null/absent: to the end of the run (range kinds); ignored by point kinds
    end_sec: z.number().finite().nullable().optional(),
    // required for threshold, peak_width, area_reject
    value: z.number().finite().positive().nullable().optional(),
  })
  .refine(
    (event) => event.end_sec === undefined || event.end_sec === null || event.end_sec > event.start_sec,
    {
      message: 'end_sec must be after start_sec',
      path: ['end_sec'],
    },
  )
  .refine(
    (event) =>
      !valuedIntegrationEventKinds.includes(event.kind) ||
      (event.value !== undefined && event.value !== null),
    { message: 'value is required for threshold, peak_width and area_reject', path: ['value'] },
  );
export type IntegrationEvent = z.infer<typeof integrationEventSchema>;
export const integrationEventsSchema = z.array(integrationEventSchema).max(200);
