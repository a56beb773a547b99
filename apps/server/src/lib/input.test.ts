import { formMessages } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { onlyFields, parseInput, parseOr, unknownKeys } from './input.ts';

const analyte = z.object({ analyte: z.string(), amount: z.number().optional() });
const edit = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('delete'), peak_number: z.number() }),
  z.object({ operation: z.literal('move'), peak_number: z.number(), start_sec: z.number().optional() }),
]);
const body = z
  .object({
    name: z.string().trim().min(1),
    analytes: z.array(analyte).nullable().optional(),
    edits: z.array(edit).default([]),
    extras: z.looseObject({ id: z.number() }).optional(),
    settings: z.record(z.string(), z.object({ on: z.boolean() })).optional(),
  })
  .refine((value) => value.name !== 'refused', { message: formMessages.invalid });

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('unknown keys of a request body', () => {
  it('names every key the schema does not know, at any depth', () => {
    expect(
      unknownKeys(body, {
        name: 'Tea',
        colour: 'green',
        analytes: [{ analyte: 'Caffeine' }, { analyte: 'Theobromine', amonut: 2 }],
        edits: [
          { operation: 'delete', peak_number: 1, start_sec: 3 },
          { operation: 'move', peak_number: 2, start_sec: 3 },
        ],
        extras: { id: 1, anything: true },
        settings: { pump: { on: true, speed: 3 } },
      }),
    ).toEqual(['colour', 'analytes.1.amonut', 'edits.0.start_sec', 'settings.pump.speed']);
  });

  it('knows every key of a complete body', () => {
    expect(unknownKeys(body, { name: 'Tea', analytes: null, edits: [] })).toEqual([]);
  });

  it('answers 400 `invalid` naming the field, beside the other problems', () => {
    const error = refusal(() => parseInput(body, { name: '', colour: 'green' }));
    expect(error.statusCode).toBe(400);
    expect(error.body).toMatchObject({
      code: 'invalid',
      detail: 'colour: Unknown field',
      fields: { colour: [formMessages.unknownField], name: [formMessages.minLength(1)] },
    });
    expect(parseInput(body, { name: 'Tea' })).toEqual({ name: 'Tea', edits: [] });
  });

  it('refuses an unknown key even where a parse failure has its own code', () => {
    expect(refusal(() => parseOr(body, { name: 'Tea', colour: 1 }, 'draft_invalid')).body).toMatchObject({
      code: 'invalid',
      fields: { colour: [formMessages.unknownField] },
    });
    expect(refusal(() => parseOr(body, { name: 1 }, 'draft_invalid')).body).toMatchObject({
      code: 'draft_invalid',
    });
  });

  it('refuses a key outside the listed fields of a body read field by field', () => {
    expect(() => onlyFields({ code: 'x' }, ['code'])).not.toThrow();
    expect(refusal(() => onlyFields({ code: 'x', cod: 'y' }, ['code'])).body).toMatchObject({
      fields: { cod: [formMessages.unknownField] },
    });
  });
});
