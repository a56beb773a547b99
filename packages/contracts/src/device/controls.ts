// The instrument's own controls outside a run: pump on/off, purge, equilibration and the setpoints (flow,
// %B, column temperature), with the limits of its hardware configuration checked the same way by the
// server (before the command is sent), the web app (on input) and the instrument (on receipt).
import { z } from 'zod';
import { domainErrorText, type DomainErrorCode } from '../errors.ts';
import type { HardwareConfiguration } from './hardware.ts';
import { methodLimits } from './limits.ts';

/** Purge defaults: the purge valve open, 5 mL/min for 3 minutes (reference instrument.md §1). */
export const PURGE_DEFAULT_FLOW_ML_PER_MIN = 5;
export const PURGE_DEFAULT_DURATION_SEC = 180;
/** Equilibration default: ten column volumes of the start conditions. */
export const EQUILIBRATE_DEFAULT_COLUMN_VOLUMES = 10;

export const setPumpParamsSchema = z.strictObject({ on: z.boolean() });

export const purgeParamsSchema = z.strictObject({
  flow_ml_per_min: z.number().positive().max(100).optional(),
  duration_sec: z.number().min(10).max(1800).optional(),
});

export const equilibrateParamsSchema = z.strictObject({
  column_volumes: z.number().min(1).max(100).optional(),
});

/** Setpoints between runs; at least one of them. */
export const setpointsSchema = z
  .strictObject({
    flow_ml_per_min: z.number().positive().max(100).optional(),
    percent_b: z.number().min(0).max(100).optional(),
    temperature_c: z.number().min(0).max(150).optional(),
  })
  .refine(
    (values) =>
      values.flow_ml_per_min !== undefined ||
      values.percent_b !== undefined ||
      values.temperature_c !== undefined,
    { message: 'Give a flow, a %B or a temperature.' },
  );
export type Setpoints = z.infer<typeof setpointsSchema>;

/** The setpoints the instrument holds, as its status and the set_conditions reply report them. */
export const heldSetpointsSchema = z.strictObject({
  flow_ml_per_min: z.number(),
  percent_b: z.number(),
  temperature_c: z.number(),
});
export type HeldSetpoints = z.infer<typeof heldSetpointsSchema>;

/** What the instrument is doing between runs besides holding its setpoints. */
export const deviceActivities = ['purging', 'equilibrating'] as const;
export type DeviceActivity = (typeof deviceActivities)[number];

/** The limits of the setpoints on one instrument, read from its hardware configuration. */
export interface SetpointLimits {
  maxFlowMlPerMin: number | null;
  minTemperatureC: number | null;
  maxTemperatureC: number | null;
}

/** The same bounds a method's flow rate and column temperature have on the instrument (limits.ts). */
export function setpointLimits(hardware: HardwareConfiguration): SetpointLimits {
  const limits = methodLimits(hardware);
  return {
    maxFlowMlPerMin: limits.flow_rate_ml_per_min?.max ?? null,
    minTemperatureC: limits.temperature?.min ?? null,
    maxTemperatureC: limits.temperature?.max ?? null,
  };
}

export interface SetpointProblem {
  field: 'flow_ml_per_min' | 'temperature_c';
  code: DomainErrorCode;
  message: string;
  values: Record<string, number>;
}

/**
 * The first setpoint beyond the instrument's limits, with its catalogue message; null when all fit.
 * @example setpointProblem({ flow_ml_per_min: 12 }, { maxFlowMlPerMin: 10, ... })?.message
 *   // 'Flow must be at most 10 mL/min on this instrument.'
 */
export function setpointProblem(
  values: { flow_ml_per_min?: number | undefined; temperature_c?: number | undefined },
  limits: SetpointLimits,
): SetpointProblem | null {
  const problem = (
    field: SetpointProblem['field'],
    code: DomainErrorCode,
    bounds: Record<string, number>,
  ): SetpointProblem => ({ field, code, message: domainErrorText(code, bounds), values: bounds });
  const flow = values.flow_ml_per_min;
  if (flow !== undefined && limits.maxFlowMlPerMin !== null && flow > limits.maxFlowMlPerMin)
    return problem('flow_ml_per_min', 'device_flow_above_limit', { max: limits.maxFlowMlPerMin });
  const temperature = values.temperature_c;
  if (temperature !== undefined) {
    const min = limits.minTemperatureC ?? 0;
    const max = limits.maxTemperatureC ?? 150;
    if (temperature < min || temperature > max)
      return problem('temperature_c', 'device_temperature_out_of_range', { min, max });
  }
  return null;
}
