import { describe, expect, it } from 'vitest';
import { fillParameters, learnShape, sentinelVariables, slotVariables } from './shapes.ts';

describe('variable shapes', () => {
  it('keeps structure, enum-like strings, booleans, nulls and zero; slots other strings and integers', () => {
    const a = slotVariables({ where: [{ name: { _ilike: '%abc%' } }], order: 'desc', limit: 20, flag: null });
    const b = slotVariables({ where: [{ name: { _ilike: '%xyz%' } }], order: 'desc', limit: 5, flag: null });
    expect(a!.key).toBe(b!.key);
    expect(a!.leaves).toEqual(['%abc%', 20]);
    expect(slotVariables({ order: 'asc' })!.key).not.toBe(slotVariables({ order: 'desc' })!.key);
    expect(slotVariables({ offset: 0 })!.key).not.toBe(slotVariables({ offset: 3 })!.key);
    expect(slotVariables({ offset: -1 })!.key).not.toBe(slotVariables({ offset: 3 })!.key);
    expect(slotVariables({ ids: [1, 2] })!.key).not.toBe(slotVariables({ ids: [1] })!.key);
    expect(slotVariables({ on: true })!.key).not.toBe(slotVariables({ on: false })!.key);
  });

  it('traces parameters to slots, lists and constants, and refuses what it cannot trace', () => {
    const variables = { term: '%abc%', limit: 20, ids: [3, 4] };
    const leaves = slotVariables(variables)!.leaves;
    // A stand-in compiler: the viewer id 7 is a constant, a JSON-encoded value is not traceable.
    const compile = (v: Record<string, unknown>, json = false) => ({
      text: 'select ...',
      parameters: [7, v.term, v.limit, v.ids, ...(json ? [JSON.stringify(v.term)] : [])],
    });
    const sentinels = sentinelVariables(variables).map((v) => compile(v));
    const plan = learnShape(compile(variables), sentinels, leaves);
    expect(plan).toBeDefined();
    const other = slotVariables({ term: '%x%', limit: 5, ids: [9, 8] })!;
    expect(fillParameters(plan!.sources, other.leaves)).toEqual([7, '%x%', 5, [9, 8]]);
    const opaque = sentinelVariables(variables).map((v) => compile(v, true));
    expect(learnShape(compile(variables, true), opaque, leaves)).toBeUndefined();
    const otherText = sentinels.map((s) => ({ ...s, text: 'select other' }));
    expect(learnShape(compile(variables), otherText, leaves)).toBeUndefined();
  });

  it('does not mistake a constant for a slot', () => {
    const variables = { limit: 20 };
    const leaves = slotVariables(variables)!.leaves;
    const compile = (v: Record<string, unknown>) => ({ text: 't', parameters: [1_900_000_000, v.limit] });
    const sentinels = sentinelVariables(variables).map(compile);
    expect(learnShape(compile(variables), sentinels, leaves)).toBeUndefined();
  });
});
