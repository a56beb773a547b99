// The simulated instrument's parts and Wi-Fi surroundings: what it reports in its hello.
import type { HardwareConfiguration, InstalledColumn } from '@eluent/contracts';
import { defaultColumn, type ColumnSpec } from '../physics/column.ts';

export const SIMULATOR_FIRMWARE_VERSION = '2.4.1-sim';

export const simulatedHardware: HardwareConfiguration = [
  {
    kind: 'pump',
    model: 'Eluent QP-400 quaternary pump',
    limits: { max_flow_ml_per_min: 10, max_pressure_bar: 400 },
  },
  { kind: 'injector', model: 'Eluent AS-100 autosampler injector', limits: { max_injection_ul: 100 } },
  { kind: 'autosampler', model: 'Eluent AS-100 tray', limits: { vials: 96 } },
  { kind: 'column_oven', model: 'Eluent CO-80', limits: { min_temperature_c: 5, max_temperature_c: 80 } },
  {
    kind: 'detector',
    model: 'Eluent VWD-1 variable wavelength',
    limits: { min_wavelength_nm: 190, max_wavelength_nm: 800 },
  },
  { kind: 'fraction_collector', model: 'Eluent FC-40', limits: { vials: 40 } },
];

export function limitOf(hardware: HardwareConfiguration, kind: string, key: string): number | undefined {
  return hardware.find((component) => component.kind === kind)?.limits[key];
}

export const defaultInstalledColumn: InstalledColumn = {
  name: 'C18 4.6 × 150 mm, 5 µm',
  length_mm: 150,
  inner_diameter_mm: 4.6,
  particle_size_um: 5,
};

export function columnSpecOf(column: InstalledColumn): ColumnSpec {
  return {
    ...defaultColumn,
    name: column.name,
    lengthMm: column.length_mm,
    innerDiameterMm: column.inner_diameter_mm,
    particleSizeUm: column.particle_size_um,
  };
}

export interface WifiNetwork {
  ssid: string;
  signalDbm: number;
  /** Null for an open network. */
  password: string | null;
}

/** The networks a simulated instrument "sees"; the wrong-password and not-found cases follow from them. */
export const simulatedNetworks: WifiNetwork[] = [
  { ssid: 'LabNet', signalDbm: -48, password: 'chromatography' },
  { ssid: 'LabNet-Guest', signalDbm: -61, password: null },
  { ssid: 'Cleanroom-5G', signalDbm: -74, password: 'gradient-95' },
];
