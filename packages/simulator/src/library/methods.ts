// Example methods (`is_example`) that give good demos on the simulated instrument's default tray.
import type { DeviceMethodInput } from '@eluent/contracts';

interface ExampleMethod extends DeviceMethodInput {
  name: string;
  comment: string;
  mobile_phase: string;
  /** Vials of the default tray this method is meant for. */
  suggested_vials: number[];
}

export const exampleMethods: ExampleMethod[] = [
  {
    name: 'Caffeine assay, isocratic 20 % acetonitrile',
    comment: 'Calibrate with vials 1–5, then quantify coffee (8) and the energy drink (7).',
    mobile_phase: 'A: water + 0.1 % formic acid; B: acetonitrile',
    flow_rate_ml_per_min: 1,
    run_time_min: 8,
    temperature: 30,
    injection_ul: 10,
    gradient: [{ time_min: 0, percent_b: 20 }],
    organic_solvent: 'acetonitrile',
    wavelength_nm: 273,
    data_rate_hz: 10,
    detector_time_constant_sec: 0.1,
    pressure_min: 5,
    pressure_reach_sec: 30,
    suggested_vials: [1, 2, 3, 4, 5, 7, 8],
  },
  {
    name: 'Generic gradient 5–95 % acetonitrile',
    comment: 'Scouting gradient: 10 min ramp, 2 min hold, re-equilibration. Try the column test mix (11).',
    mobile_phase: 'A: water + 0.1 % formic acid; B: acetonitrile',
    flow_rate_ml_per_min: 1,
    run_time_min: 15,
    temperature: 30,
    injection_ul: 10,
    gradient: [
      { time_min: 0, percent_b: 5 },
      { time_min: 10, percent_b: 95 },
      { time_min: 12, percent_b: 95 },
      { time_min: 12.1, percent_b: 5 },
    ],
    organic_solvent: 'acetonitrile',
    wavelength_nm: 254,
    data_rate_hz: 10,
    detector_time_constant_sec: 0.1,
    pressure_min: 5,
    pressure_reach_sec: 30,
    suggested_vials: [9, 11],
  },
  {
    name: 'Parabens, methanol gradient',
    comment: 'Methanol/water shows its pressure maximum near 45 % methanol.',
    mobile_phase: 'A: water; B: methanol',
    flow_rate_ml_per_min: 1,
    run_time_min: 14,
    temperature: 35,
    injection_ul: 10,
    gradient: [
      { time_min: 0, percent_b: 40 },
      { time_min: 10, percent_b: 90 },
      { time_min: 12, percent_b: 90 },
    ],
    organic_solvent: 'methanol',
    wavelength_nm: 256,
    data_rate_hz: 10,
    detector_time_constant_sec: 0.1,
    pressure_min: 5,
    pressure_reach_sec: 30,
    suggested_vials: [10],
  },
  {
    name: 'Fast check, 3 min gradient',
    comment: 'A short run for a quick look and for demonstrations.',
    mobile_phase: 'A: water; B: acetonitrile',
    flow_rate_ml_per_min: 2,
    run_time_min: 3,
    temperature: 40,
    injection_ul: 5,
    gradient: [
      { time_min: 0, percent_b: 10 },
      { time_min: 2.5, percent_b: 90 },
    ],
    organic_solvent: 'acetonitrile',
    wavelength_nm: 254,
    data_rate_hz: 10,
    detector_time_constant_sec: 0.1,
    suggested_vials: [7, 9, 11],
  },
];
