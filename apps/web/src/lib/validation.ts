// Form validation of spec §5: rules checked in order on input and blur, stopping at the first failure.
import { formMessages, isEmail } from '@eluent/contracts/forms';

export type Rule =
  | { kind: 'required' }
  | { kind: 'minLength'; length: number }
  | { kind: 'email' }
  | { kind: 'maxValue'; bound: number }
  | { kind: 'minValue'; bound: number }
  | { kind: 'pattern'; pattern: RegExp; label: string };

export const rules = {
  required: { kind: 'required' } as Rule,
  email: { kind: 'email' } as Rule,
  minLength: (length: number): Rule => ({ kind: 'minLength', length }),
  maxValue: (bound: number): Rule => ({ kind: 'maxValue', bound }),
  minValue: (bound: number): Rule => ({ kind: 'minValue', bound }),
  pattern: (pattern: RegExp, label: string): Rule => ({ kind: 'pattern', pattern, label }),
};

function isEmpty(value: string): boolean {
  return value.trim() === '';
}

/** The message of the first rule the value breaks, or null. Empty optional values pass. */
export function validate(value: string, fieldRules: readonly Rule[]): string | null {
  for (const rule of fieldRules) {
    const message = check(value, rule);
    if (message !== null) return message;
  }
  return null;
}

function check(value: string, rule: Rule): string | null {
  switch (rule.kind) {
    case 'required':
      return isEmpty(value) ? formMessages.required : null;
    case 'minLength':
      return !isEmpty(value) && value.length < rule.length ? formMessages.minLength(rule.length) : null;
    case 'email':
      return !isEmpty(value) && !isEmail(value.trim()) ? formMessages.email : null;
    case 'maxValue':
      return !isEmpty(value) && !(Number(value) <= rule.bound) ? formMessages.maxValue(rule.bound) : null;
    case 'minValue':
      return !isEmpty(value) && !(Number(value) >= rule.bound) ? formMessages.minValue(rule.bound) : null;
    case 'pattern':
      return !isEmpty(value) && !rule.pattern.test(value) ? `${rule.label} ${formMessages.invalid}` : null;
  }
}
