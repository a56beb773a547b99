import { describe, expect, it } from 'vitest';
import { rules, validate } from './validation.ts';

describe('validate', () => {
  it('uses the form messages of spec §5, lower bound wording as decided', () => {
    expect(validate('', [rules.required])).toBe('Field is required');
    expect(validate('abc', [rules.minLength(8)])).toBe('Field must have at least 8 characters');
    expect(validate('not-an-email', [rules.email])).toBe('Email is not valid');
    expect(validate('12', [rules.maxValue(10)])).toBe('Must be lower than 10');
    expect(validate('2', [rules.minValue(5)])).toBe('Must be higher than 5');
  });

  it('stops at the first failure', () => {
    expect(validate('', [rules.required, rules.email, rules.minLength(3)])).toBe('Field is required');
    expect(validate('a@', [rules.required, rules.email, rules.minLength(30)])).toBe('Email is not valid');
  });

  it('passes valid values', () => {
    expect(validate('ana@lab.test', [rules.required, rules.email])).toBeNull();
    expect(validate('7', [rules.minValue(5), rules.maxValue(10)])).toBeNull();
  });
});
