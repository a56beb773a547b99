// The example methods every user can read and copy (reverse-phase defaults of a 4.6 × 150 mm C18 column:
// 1 mL/min, 30 °C, 10 µL, UV 254 nm). Empty hardware configuration: compatible with any instrument list filter.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { seedExampleMethods, type ExampleMethod } from '../repositories/example-methods.ts';

const gradient = (points: Array<[number, number]>) =>
  JSON.stringify(points.map(([timeMin, percentB]) => ({ time_min: timeMin, percent_b: percentB })));

export const exampleMethods: ExampleMethod[] = [
  {
    name: 'Example: isocratic C18, 60 % acetonitrile',
    comment: 'Isocratic reverse phase for small neutral aromatics; 10 min run.',
    mobile_phase: 'Water / acetonitrile 40:60',
    solvents: JSON.stringify({ A: 'Water', B: 'Acetonitrile' }),
    gradient: gradient([[0, 60]]),
    flow_rate_ml_per_min: 1,
    run_time_min: 10,
    run_time_ms: 600_000,
    temperature: 30,
    pressure_min: 5,
    pressure_reach_sec: 30,
    injection_ul: 10,
    needle_depth_mm: 0,
    wash_after_injection: true,
    analog_signal_type: 'absorbance',
    analog_signal_description: 'UV 254 nm',
    detector_single_channel: JSON.stringify({ wavelength_nm: 254 }),
    hardware_configuration: '[]',
  },
  {
    name: 'Example: gradient 5–95 % B, 15 min',
    comment: 'Generic scouting gradient: 5 → 95 % B in 10 min, 2 min hold, 3 min re-equilibration.',
    mobile_phase: 'A: water + 0.1 % formic acid; B: acetonitrile + 0.1 % formic acid',
    buffer: '0.1 % formic acid',
    solvents: JSON.stringify({ A: 'Water + 0.1 % formic acid', B: 'Acetonitrile + 0.1 % formic acid' }),
    gradient: gradient([
      [0, 5],
      [10, 95],
      [12, 95],
      [12.1, 5],
      [15, 5],
    ]),
    flow_rate_ml_per_min: 1,
    run_time_min: 15,
    run_time_ms: 900_000,
    temperature: 30,
    pressure_min: 5,
    pressure_reach_sec: 30,
    injection_ul: 10,
    needle_depth_mm: 0,
    wash_after_injection: true,
    analog_signal_type: 'absorbance',
    analog_signal_description: 'UV 210 nm',
    detector_single_channel: JSON.stringify({ wavelength_nm: 210 }),
    hardware_configuration: '[]',
  },
  {
    name: 'Example: fast UHPLC gradient, 2.1 × 50 mm',
    comment: 'Sub-2 µm column at 0.4 mL/min and 40 °C; 5 → 95 % B in 3 min.',
    mobile_phase: 'A: water; B: acetonitrile',
    solvents: JSON.stringify({ A: 'Water', B: 'Acetonitrile' }),
    gradient: gradient([
      [0, 5],
      [3, 95],
      [3.5, 95],
      [3.6, 5],
      [5, 5],
    ]),
    flow_rate_ml_per_min: 0.4,
    run_time_min: 5,
    run_time_ms: 300_000,
    temperature: 40,
    pressure_min: 5,
    pressure_reach_sec: 20,
    injection_ul: 1,
    needle_depth_mm: 0,
    wash_after_injection: true,
    analog_signal_type: 'absorbance',
    analog_signal_description: 'UV 254 nm',
    detector_single_channel: JSON.stringify({ wavelength_nm: 254 }),
    hardware_configuration: '[]',
  },
];

/** Startup step: the examples exist after every start (added once, never changed afterwards). */
export async function ensureExampleMethods(db: Kysely<Database>, logger: FastifyBaseLogger): Promise<void> {
  const added = await seedExampleMethods(db, exampleMethods);
  if (added > 0) logger.info({ added }, 'example methods added');
}
