import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TEXT,
  ConnectionError,
  failureText,
  httpErrorText,
  httpErrorTextWithFields,
  parseServerErrorMessage,
  GraphqlResponseError,
  TokenExpiredError,
} from './errors.ts';

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

describe('failureText', () => {
  it("reads a fetch rejection as the connection text, never 'Failed to fetch'", () => {
    expect(failureText(new TypeError('Failed to fetch'))).toBe(CONNECTION_TEXT);
    expect(failureText(new TypeError('Load failed'))).toBe(CONNECTION_TEXT);
    expect(failureText(new ConnectionError())).toBe(CONNECTION_TEXT);
  });

  it('keeps other messages and names an empty failure', () => {
    expect(failureText(new Error('Draft is invalid.'))).toBe('Draft is invalid.');
    expect(failureText(new Error(''))).toBe('Something went wrong.');
    expect(failureText(undefined)).toBe('Something went wrong.');
  });
});

describe('httpErrorTextWithFields', () => {
  it('adds the reason of each field to the detail', () => {
    const body = {
      code: 'draft_invalid',
      detail: 'Draft is invalid.',
      fields: { vial: ['Must be lower than 101'] },
    };
    expect(httpErrorTextWithFields(400, body)).toBe('Draft is invalid. vial: Must be lower than 101');
  });

  it('is the plain text when there are no field reasons', () => {
    expect(httpErrorTextWithFields(400, { detail: 'A' })).toBe('A');
    expect(httpErrorTextWithFields(400, { detail: 'A', fields: { vial: [] } })).toBe('A');
  });
});
