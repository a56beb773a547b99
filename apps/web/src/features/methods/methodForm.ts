// Converting a method to the form's text values and back, with the form's rules (spec §5).
import { domainErrors, formMessages } from '@eluent/contracts';
import { rules, type Rule } from '../../lib/validation.ts';
import { methodGroups, scalarText, type MethodField } from './methodFields.ts';
import type { Method, NewMethod } from './methodsApi.ts';

export const formFields: MethodField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'comment', label: 'Comment', kind: 'text' },
  ...methodGroups.flatMap((group) => group.fields),
];
const fieldByKey = new Map(formFields.map((field) => [field.key as string, field]));

export function toFormValues(method: Partial<Method> | null, copy: boolean): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of formFields) {
    const value = method?.[field.key];
    values[field.key] =
      value === null || value === undefined
        ? ''
        : field.kind === 'json'
          ? typeof value === 'string'
            ? value
            : JSON.stringify(value)
          : scalarText(value);
  }
  if (copy && method?.name) values.name = `Copy of ${method.name}`;
  if (values.hardware_configuration === '') values.hardware_configuration = '[]';
  return values;
}

export function methodRules(key: string): readonly Rule[] {
  if (key === 'name') return [rules.required];
  const field = fieldByKey.get(key);
  if (field?.kind === 'number')
    return [rules.pattern(/^-?\d*\.?\d+(e-?\d+)?$/i, field.label), rules.minValue(0)];
  if (field?.kind === 'integer') return [rules.pattern(/^-?\d+$/, field.label), rules.minValue(0)];
  if (key === 'hardware_configuration') return [rules.required];
  return [];
}

/** JSON fields must parse; the fraction collector rules of spec §5. */
export function methodExtraCheck(key: string, value: string): string | null {
  const field = fieldByKey.get(key);
  if (field?.kind === 'json' && value.trim() !== '') {
    try {
      JSON.parse(value);
    } catch {
      return `${field.label} ${formMessages.invalid}`;
    }
  }
  if (key === 'fraction_collector_interval_sec' && value.trim() !== '' && !(Number(value) > 0)) {
    return domainErrors.fraction_collector_invalid_interval;
  }
  if (key === 'fraction_collector_starts_with_vial' && value.trim() !== '' && !(Number(value) >= 1)) {
    return domainErrors.fraction_collector_not_enough_vials;
  }
  return null;
}

/** The insert object: empty fields are left out (null), numbers and JSON parsed. */
export function toNewMethod(values: Record<string, string>): NewMethod {
  const object: Record<string, unknown> = {};
  for (const field of formFields) {
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
        object[field.key] = text;
    }
  }
  return object as NewMethod;
}
