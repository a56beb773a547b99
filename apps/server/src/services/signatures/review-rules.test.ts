import { describe, expect, it } from 'vitest';
import { refusalOf, reviewState, stateAfter, type SigningContext } from './review-rules.ts';

const base: SigningContext = {
  signerId: 2,
  role: 'reviewer',
  state: 'processed',
  authors: new Set([1]),
  reviewers: new Set(),
};

describe('review states', () => {
  it('follows the valid signatures, authored leaving the state alone', () => {
    expect(reviewState(false, [])).toBe('not_processed');
    expect(reviewState(true, [])).toBe('processed');
    expect(reviewState(true, [{ signer_id: 1, meaning: 'authored' }])).toBe('processed');
    expect(
      reviewState(true, [
        { signer_id: 2, meaning: 'reviewed' },
        { signer_id: 3, meaning: 'approved' },
      ]),
    ).toBe('approved');
    expect(stateAfter('reviewed', 'rejected')).toBe('rejected');
    expect(stateAfter('processed', 'authored')).toBe('processed');
  });

  it('refuses by role, then state, then separation of duties', () => {
    expect(refusalOf('reviewed', base)).toBeNull();
    expect(refusalOf('reviewed', { ...base, role: 'auditor' })?.code).toBe('signature_not_permitted');
    expect(refusalOf('authored', { ...base, role: 'reviewer' })?.code).toBe('signature_not_permitted');
    expect(refusalOf('approved', base)?.code).toBe('signature_state_invalid');
    expect(refusalOf('reviewed', { ...base, state: 'not_processed' })?.code).toBe(
      'signature_nothing_to_sign',
    );
    expect(refusalOf('reviewed', { ...base, signerId: 1, role: 'admin' })?.detail).toBe(
      'You cannot sign your own work as reviewed: you processed or integrated this result.',
    );
    const reviewed = { ...base, state: 'reviewed' as const, reviewers: new Set([2]) };
    expect(refusalOf('approved', reviewed)?.code).toBe('signature_reviewer_approves');
    expect(refusalOf('approved', { ...reviewed, signerId: 3 })).toBeNull();
    expect(refusalOf('rejected', { ...base, state: 'approved' })?.code).toBe('signature_state_invalid');
  });
});
