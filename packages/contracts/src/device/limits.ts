// The limits an instrument's hardware configuration puts on a method: each quantity of the method with the
// part that bounds it, one unit per quantity. The method editor checks them on input, the server when a
// method is written for an instrument and again before a run starts (docs/methods.md "Limits").
import { domainErrorText } from '../errors.ts';
import type { ComponentKind, HardwareConfiguration } from './hardware.ts';

/** The method quantities an instrument bounds; `wavelength_nm` lives in `detector_single_channel`. */
export const limitedQuantities = [
  'flow_rate_ml_per_min',
  'refill_flow_rate_ml_per_min',
  'pressure_min',
  'pressure_max',
  'temperature',
  'injection_ul',
  'wavelength_nm',
] as const;
export type LimitedQuantity = (typeof limitedQuantities)[number];

interface QuantityLimitKeys {
  label: string;
  unit: string;
  part: ComponentKind;
  min?: string;
  max?: string;
}

/** Which part bounds each quantity, under which keys of its `limits`. */
const limitKeys: Record<LimitedQuantity, QuantityLimitKeys> = {
  flow_rate_ml_per_min: { label: 'Flow rate', unit: 'mL/min', part: 'pump', max: 'max_flow_ml_per_min' },
  refill_flow_rate_ml_per_min: {
    label: 'Refill flow rate',
    unit: 'mL/min',
    part: 'pump',
    max: 'max_flow_ml_per_min',
  },
  pressure_min: { label: 'Minimum pressure', unit: 'bar', part: 'pump', max: 'max_pressure_bar' },
  pressure_max: { label: 'Maximum pressure', unit: 'bar', part: 'pump', max: 'max_pressure_bar' },
  temperature: {
    label: 'Column temperature',
    unit: '°C',
    part: 'column_oven',
    min: 'min_temperature_c',
    max: 'max_temperature_c',
  },
  injection_ul: { label: 'Injection volume', unit: 'µL', part: 'injector', max: 'max_injection_ul' },
  wavelength_nm: {
    label: 'Wavelength',
    unit: 'nm',
    part: 'detector',
    min: 'min_wavelength_nm',
    max: 'max_wavelength_nm',
  },
};

const partNames: Record<ComponentKind, string> = {
  pump: 'pump',
  injector: 'injector',
  detector: 'detector',
  column_oven: 'column oven',
  autosampler: 'autosampler',
  fraction_collector: 'fraction collector',
};

/** One quantity's bounds on one instrument. */
export interface QuantityLimit {
  quantity: LimitedQuantity;
  label: string;
  unit: string;
  /** The part as a sentence names it ("column oven"). */
  part: string;
  model: string;
  min?: number;
  max?: number;
}

/** The bounds the configuration declares, by quantity; quantities without a declared bound are absent. */
export function methodLimits(
  hardware: HardwareConfiguration,
): Partial<Record<LimitedQuantity, QuantityLimit>> {
  const limits: Partial<Record<LimitedQuantity, QuantityLimit>> = {};
  for (const quantity of limitedQuantities) {
    const keys = limitKeys[quantity];
    const component = hardware.find((item) => item.kind === keys.part);
    if (!component) continue;
    const min = keys.min === undefined ? undefined : component.limits[keys.min];
    const max = keys.max === undefined ? undefined : component.limits[keys.max];
    if (min === undefined && max === undefined) continue;
    limits[quantity] = {
      quantity,
      label: keys.label,
      unit: keys.unit,
      part: partNames[keys.part],
      model: component.model,
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
    };
  }
  return limits;
}

/** A method value outside its instrument's bounds. */
export interface LimitBreach {
  limit: QuantityLimit;
  value: number;
  /** The catalogue's per-field message ("At most 10 mL/min, the limit of the instrument's pump."). */
  message: string;
}

/** The breach of one value, or null when it fits (or is not a number: an unset field has no limit). */
export function limitBreach(limit: QuantityLimit | undefined, value: unknown): LimitBreach | null {
  if (!limit || typeof value !== 'number' || !Number.isFinite(value)) return null;
  const { unit, part } = limit;
  if (limit.max !== undefined && value > limit.max) {
    return { limit, value, message: domainErrorText('method_limit_max', { max: limit.max, unit, part }) };
  }
  if (limit.min !== undefined && value < limit.min) {
    return { limit, value, message: domainErrorText('method_limit_min', { min: limit.min, unit, part }) };
  }
  return null;
}

/**
 * The limited quantities of a method: its own columns and the wavelength of its detector channel (a stored
 * method), or of the device method an instrument is sent (`wavelength_nm` at the top).
 */
export function limitedValues(method: Record<string, unknown>): Partial<Record<LimitedQuantity, unknown>> {
  const channel = parsed(method.detector_single_channel);
  const wavelength =
    channel && typeof channel === 'object'
      ? (channel as Record<string, unknown>).wavelength_nm
      : method.wavelength_nm;
  return {
    flow_rate_ml_per_min: method.flow_rate_ml_per_min,
    refill_flow_rate_ml_per_min: method.refill_flow_rate_ml_per_min,
    pressure_min: method.pressure_min,
    pressure_max: method.pressure_max,
    temperature: method.temperature,
    injection_ul: method.injection_ul,
    wavelength_nm: wavelength,
  };
}

/** Every breach of the method on the hardware, in the order of `limitedQuantities`. */
export function methodLimitBreaches(
  method: Record<string, unknown>,
  hardware: HardwareConfiguration,
): LimitBreach[] {
  const limits = methodLimits(hardware);
  const values = limitedValues(method);
  return limitedQuantities
    .map((quantity) => limitBreach(limits[quantity], values[quantity]))
    .filter((breach): breach is LimitBreach => breach !== null);
}

/** "at most 10 mL/min", "at least 190 nm" or "5–80 °C". */
export function allowedRange(limit: QuantityLimit): string {
  if (limit.min !== undefined && limit.max !== undefined) return `${limit.min}–${limit.max} ${limit.unit}`;
  if (limit.max !== undefined) return `at most ${limit.max} ${limit.unit}`;
  return `at least ${limit.min} ${limit.unit}`;
}

/** The run refusal: which method, which instrument, which quantity and what the part allows. */
export function limitRefusalText(breach: LimitBreach, method: string, instrument: string): string {
  return domainErrorText('method_exceeds_instrument_limits', {
    method,
    instrument,
    quantity: breach.limit.label.toLowerCase(),
    value: breach.value,
    unit: breach.limit.unit,
    part: breach.limit.part,
    allowed: allowedRange(breach.limit),
  });
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}
