import { describe, expect, it } from 'vitest';
import { previewPending } from './previewState.ts';

describe('previewPending', () => {
  const first = { key: 'first' };
  const second = { key: 'second' };

  it('is pending from the first render with a signal, before any request started', () => {
    expect(previewPending({ signal: null, templateKey: null, pending: false }, first, '{}')).toBe(true);
  });

  it('is settled once the answer for this signal and template is in', () => {
    expect(previewPending({ signal: first, templateKey: '{}', pending: false }, first, '{}')).toBe(false);
  });

  it('is pending again from the render that brings another signal or template', () => {
    const answered = { signal: first, templateKey: '{}', pending: false };
    expect(previewPending(answered, second, '{}')).toBe(true);
    expect(previewPending(answered, first, '{"a":1}')).toBe(true);
  });

  it('is pending while a request runs, and not without a signal', () => {
    expect(previewPending({ signal: first, templateKey: '{}', pending: true }, first, '{}')).toBe(true);
    expect(previewPending({ signal: null, templateKey: null, pending: false }, null, '{}')).toBe(false);
  });
});
