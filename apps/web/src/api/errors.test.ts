import { describe, expect, it } from 'vitest';
import { httpErrorText, parseServerErrorMessage, GraphqlResponseError, TokenExpiredError } from './errors.ts';

describe('httpErrorText', () => {
  it('prefers detail, then error, msg, message', () => {
    expect(httpErrorText(400, { detail: 'A', error: 'B' })).toBe('A');
    expect(httpErrorText(400, { error: 'B', msg: 'C' })).toBe('B');
    expect(httpErrorText(400, { msg: 'C', message: 'D' })).toBe('C');
    expect(httpErrorText(400, { message: 'D' })).toBe('D');
  });

  it('falls back to the text of the status', () => {
    expect(httpErrorText(401, {})).toBe('Not authorized');
    expect(httpErrorText(400, {})).toBe('Bad request');
    expect(httpErrorText(403, {})).toBe('Forbidden');
    expect(httpErrorText(404, null)).toBe('Not found');
    expect(httpErrorText(408, {})).toBe('Timeout');
    expect(httpErrorText(500, {})).toBe('Server error');
    expect(httpErrorText(-1, {})).toBe('Client side error');
    expect(httpErrorText(502, {})).toBe('Error code 502');
    expect(httpErrorText(429, { detail: '' })).toBe('Error code 429');
  });
});

describe('parseServerErrorMessage', () => {
  it('reads message (first of a list) and details with fields from JSON', () => {
    const error = parseServerErrorMessage(
      JSON.stringify({
        message: ['Draft is invalid.', 'second'],
        details: { fields: { name: ['Field is required'] } },
      }),
    );
    expect(error.message).toBe('Draft is invalid.');
    expect(error.fields).toEqual({ name: ['Field is required'] });
  });

  it('keeps a raw message without fields', () => {
    const error = parseServerErrorMessage('plain failure');
    expect(error.message).toBe('plain failure');
    expect(error.fields).toBeUndefined();
  });
});

it('has the default texts of the error catalogue', () => {
  expect(new GraphqlResponseError().message).toBe("Can't get data from a graphql server!");
  expect(new TokenExpiredError().message).toBe('JWT is expired');
});
