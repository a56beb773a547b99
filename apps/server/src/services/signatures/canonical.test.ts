import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex, subjectHash } from './canonical.ts';

describe('canonical content', () => {
  it('sorts keys at every depth and leaves out undefined', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }], e: undefined })).toBe(
      '{"a":[{"c":null,"d":2}],"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('hashes with SHA-256 and changes with any covered figure', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const items = [
      { measurement_id: 2, result_id: 5, version: 2, sha256: 'b' },
      { measurement_id: 1, result_id: 4, version: 1, sha256: 'a' },
    ];
    expect(subjectHash(items, 'c')).toBe(subjectHash([...items].reverse(), 'c'));
    expect(subjectHash(items, 'c')).not.toBe(subjectHash(items, 'd'));
    expect(subjectHash(items, 'c')).not.toBe(subjectHash([{ ...items[0]!, version: 3 }, items[1]!], 'c'));
  });
});
