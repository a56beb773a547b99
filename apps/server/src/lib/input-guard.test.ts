import { describe, expect, it } from 'vitest';
import { inputProblem, MAX_TEXT_LENGTH } from './input-guard.ts';

describe('input guard', () => {
  it('accepts ordinary JSON, paired surrogates (emoji) and large measured values', () => {
    expect(
      inputProblem({ name: 'Caffeine 🧪', rows: [{ vial: 3, amount: 1.5e12 }], notes: null, ok: true }),
    ).toBeUndefined();
    expect(inputProblem({ signal: Array.from({ length: 20_000 }, (_, index) => index / 7) })).toBeUndefined();
  });

  it('refuses NUL and unpaired surrogates in values and in keys, naming where', () => {
    expect(inputProblem({ name: 'a\u0000b' })).toEqual({ code: 'input_text_invalid', path: 'name' });
    expect(inputProblem({ rows: [{ name: 'x' }, { name: '\uD800' }] })).toEqual({
      code: 'input_text_invalid',
      path: 'rows.1.name',
    });
    expect(inputProblem({ ['\uDC00']: 1 })?.code).toBe('input_text_invalid');
    expect(inputProblem(['ok', 'tail\uDBFF'])).toEqual({ code: 'input_text_invalid', path: '1' });
  });

  it('refuses over-long text', () => {
    expect(inputProblem({ note: 'x'.repeat(MAX_TEXT_LENGTH + 1) })).toEqual({
      code: 'input_text_too_long',
      path: 'note',
    });
    expect(inputProblem({ note: 'x'.repeat(MAX_TEXT_LENGTH) })).toBeUndefined();
  });

  it('refuses integers beyond exact range and non-finite numbers', () => {
    expect(inputProblem(JSON.parse('{"id": 18446744073709551616}'))).toEqual({
      code: 'input_number_out_of_range',
      path: 'id',
    });
    expect(inputProblem(JSON.parse('{"x": [1, 1e400]}'))).toEqual({
      code: 'input_number_out_of_range',
      path: 'x.1',
    });
    expect(inputProblem({ id: Number.MAX_SAFE_INTEGER })).toBeUndefined();
  });
});
