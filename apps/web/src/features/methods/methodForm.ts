// Converting a method to the form's text values and back, with the form's rules (spec §5) and the limits of
// the instrument the method is written for (docs/methods.md "Limits").
import {
  domainErrors,
  formMessages,
  hardwareConfigurationSchema,
  limitBreach,
  methodLimits,
  type HardwareConfiguration,
  type QuantityLimit,
  type LimitedQuantity,
} from '@eluent/contracts';
import { rules, validate, type Rule } from '../../lib/validation.ts';
import { gradientRowsOf, gradientOf, type GradientRow } from './gradientRows.ts';
import {
  advancedFields,
  channelKeys,
  methodFieldValue,
  methodGroups,
  safeParse,
  scalarText,
  type MethodField,
} from './methodFields.ts';
import type { Method, NewMethod } from './methodsApi.ts';

export const generalFields: MethodField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'comment', label: 'Comment', kind: 'text' },
];

export const formFields: MethodField[] = [
  ...generalFields,
  ...methodGroups.flatMap((group) => group.fields),
  ...advancedFields,
];
const fieldByKey = new Map(formFields.map((field) => [field.key, field]));

/** The form key of the instrument the method is written for. */
export const INSTRUMENT_KEY = 'instrument';
/** No instrument: the method names no parts (an empty configuration) and fits every instrument. */
export const ANY_INSTRUMENT = 'any';
/** The configuration of the method a copy starts from, when it is none of the user's instruments. */
export const COPIED_CONFIGURATION = 'copied';

/** An instrument the editor offers, with the hardware configuration it reports. */
export interface InstrumentChoice {
  value: string;
  label: string;
  hardware: HardwareConfiguration;
}

export interface FormStart {
  values: Record<string, string>;
  gradient: GradientRow[];
  choices: InstrumentChoice[];
}

function sameConfiguration(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function configurationOf(value: unknown): HardwareConfiguration | null {
  const parsed = hardwareConfigurationSchema.safeParse(typeof value === 'string' ? safeParse(value) : value);
  return parsed.success ? parsed.data : null;
}

/**
 * The instruments to choose from: the user's instruments, then the copied method's own configuration when
 * it matches none of them, then "Any instrument". The preselected one is the copied method's instrument,
 * else the first instrument (a method is written for an instrument, as in Chromeleon and Empower).
 */
export function instrumentChoices(
  devices: ReadonlyArray<{
    id: number;
    name: string;
    serial_number: string;
    hardware_configuration: unknown;
  }>,
  source: Partial<Method> | null,
): { choices: InstrumentChoice[]; selected: string } {
  const choices: InstrumentChoice[] = [];
  for (const device of devices) {
    const hardware = configurationOf(device.hardware_configuration);
    if (!hardware || hardware.length === 0) continue;
    choices.push({
      value: String(device.id),
      label: device.name.trim() === '' ? device.serial_number : `${device.name} (${device.serial_number})`,
      hardware,
    });
  }
  const own = configurationOf(source?.hardware_configuration);
  let selected = choices[0]?.value ?? ANY_INSTRUMENT;
  if (own && own.length > 0) {
    const match = choices.find((choice) => sameConfiguration(choice.hardware, own));
    if (match) selected = match.value;
    else {
      choices.push({ value: COPIED_CONFIGURATION, label: 'As in the copied method', hardware: own });
      selected = COPIED_CONFIGURATION;
    }
  }
  choices.push({ value: ANY_INSTRUMENT, label: 'Any instrument (no hardware limits)', hardware: [] });
  return { choices, selected };
}

export function toFormStart(
  method: Partial<Method> | null,
  copy: boolean,
  devices: Parameters<typeof instrumentChoices>[0],
): FormStart {
  const values: Record<string, string> = {};
  for (const field of formFields) {
    const value = method ? methodFieldValue(method, field.key) : undefined;
    values[field.key] =
      value === null || value === undefined
        ? field.kind === 'choice'
          ? (field.options?.[0]?.value ?? '')
          : ''
        : field.kind === 'json'
          ? typeof value === 'string'
            ? value
            : JSON.stringify(value)
          : scalarText(value);
  }
  if (copy && method?.name) values.name = `Copy of ${method.name}`;
  const { choices, selected } = instrumentChoices(devices, method);
  values[INSTRUMENT_KEY] = selected;
  return { values, gradient: gradientRowsOf(method?.gradient), choices };
}

/** The limits of the chosen instrument by quantity (none for "Any instrument"). */
export function limitsOf(
  choices: readonly InstrumentChoice[],
  instrument: string,
): Partial<Record<LimitedQuantity, QuantityLimit>> {
  return methodLimits(choices.find((choice) => choice.value === instrument)?.hardware ?? []);
}

const numberPattern = /^-?\d*\.?\d+(e-?\d+)?$/i;

/** The spec §5 rules of a field: required name, number syntax, the lower bound. */
export function methodRules(key: string): readonly Rule[] {
  if (key === 'name') return [rules.required];
  const field = fieldByKey.get(key);
  if (field?.kind !== 'number' && field?.kind !== 'integer') return [];
  const syntax = rules.pattern(field.kind === 'integer' ? /^-?\d+$/ : numberPattern, field.label);
  return [syntax, rules.minValue(field.min?.bound ?? 0)];
}

/**
 * The checks beyond a field's own rules: a bound that excludes its value (flow 0), the chosen instrument's
 * limits with the catalogue's message, then the bound of every instrument (the device method contract),
 * JSON that must parse, the fraction collector rules of spec §5.
 */
export function methodCheck(limits: Partial<Record<LimitedQuantity, QuantityLimit>>) {
  return (key: string, value: string): string | null => {
    const field = fieldByKey.get(key);
    const text = value.trim();
    if (!field || text === '') return null;
    if (field.min?.exclusive && Number(text) <= field.min.bound)
      return formMessages.minValue(field.min.bound);
    if (field.limit) {
      const breach = limitBreach(limits[field.limit], Number(text));
      if (breach) return breach.message;
    }
    if (field.max !== undefined && Number(text) > field.max) return formMessages.maxValue(field.max);
    if (field.kind === 'json') {
      if (safeParse(text) === null && text !== 'null') return `${field.label} ${formMessages.invalid}`;
    }
    if (key === 'fraction_collector_interval_sec' && !(Number(text) > 0)) {
      return domainErrors.fraction_collector_invalid_interval;
    }
    if (key === 'fraction_collector_starts_with_vial' && !(Number(text) >= 1)) {
      return domainErrors.fraction_collector_not_enough_vials;
    }
    return null;
  };
}

/** Every field's message, as the form shows it after a submit; empty when the method can be saved. */
export function formErrors(
  values: Record<string, string>,
  limits: Partial<Record<LimitedQuantity, QuantityLimit>>,
): Record<string, string> {
  const check = methodCheck(limits);
  const errors: Record<string, string> = {};
  for (const field of formFields) {
    const value = values[field.key] ?? '';
    const message = validate(value, methodRules(field.key)) ?? check(field.key, value);
    if (message) errors[field.key] = message;
  }
  return errors;
}

function numberOrNull(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * The insert object: empty fields are left out (null), numbers parsed; solvents and the detector channel as
 * objects; the gradient's rows; the chosen instrument's configuration; the spec's second unit of a quantity
 * (run time in ms, injection and shaking time in ms) written from the one the form shows.
 */
export function toNewMethod(
  values: Record<string, string>,
  gradient: readonly GradientRow[],
  choices: readonly InstrumentChoice[],
): NewMethod {
  const object: Record<string, unknown> = {};
  const virtual = new Set<string>(['solvent_a', 'solvent_b', ...channelKeys]);
  for (const field of formFields) {
    if (virtual.has(field.key)) continue;
    const text = (values[field.key] ?? '').trim();
    if (text === '') continue;
    switch (field.kind) {
      case 'number':
      case 'integer':
        object[field.key] = Number(text);
        break;
      case 'boolean':
        object[field.key] = text === 'true';
        break;
      case 'json':
        object[field.key] = JSON.parse(text) as unknown;
        break;
      case 'text':
      case 'choice':
        object[field.key] = text;
    }
  }
  const solventA = (values.solvent_a ?? '').trim();
  const solventB = (values.solvent_b ?? '').trim();
  if (solventA || solventB)
    object.solvents = { ...(solventA && { A: solventA }), ...(solventB && { B: solventB }) };
  const channel = Object.fromEntries(
    channelKeys.flatMap((key) => {
      const number = numberOrNull(values[key]);
      return number === null ? [] : [[key, number]];
    }),
  );
  if (Object.keys(channel).length > 0) object.detector_single_channel = channel;
  const steps = gradientOf(gradient);
  if (steps.length > 0) object.gradient = steps;
  const runTime = numberOrNull(values.run_time_min);
  if (runTime !== null) object.run_time_ms = Math.round(runTime * 60_000);
  const injection = numberOrNull(values.injection_sec);
  if (injection !== null) object.injection_ms = Math.round(injection * 1000);
  const shaking = numberOrNull(values.shaking_duration_sec);
  if (shaking !== null) object.shaking_duration_ms = Math.round(shaking * 1000);
  object.hardware_configuration =
    choices.find((choice) => choice.value === values[INSTRUMENT_KEY])?.hardware ?? [];
  return object as NewMethod;
}
