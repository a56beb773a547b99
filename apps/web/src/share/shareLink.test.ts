import { describe, expect, it } from 'vitest';
import { readShareLink, reportShareUrl, sampleShareUrl } from './shareLink.ts';

describe('share links', () => {
  it('reads the token and ids from the query, or from the hash query', () => {
    expect(readShareLink({ search: '?token=abc&id=7', hash: '#/reports/sequence/' })).toEqual({
      token: 'abc',
      id: 7,
      injection: null,
    });
    expect(readShareLink({ search: '', hash: '#/samples/3/?token=x' }).token).toBe('x');
    expect(readShareLink({ search: '?id=a', hash: '#/' })).toEqual({
      token: null,
      id: null,
      injection: null,
    });
  });

  it('builds links the reader understands', () => {
    const url = new URL(sampleShareUrl('https://lab.test', 'a/b', 12, 3));
    expect(url.hash).toBe('#/samples/12/injection/3/');
    expect(readShareLink(url).token).toBe('a/b');
    const report = new URL(reportShareUrl('https://lab.test', 't', 'sequence', 9));
    expect(readShareLink(report)).toEqual({ token: 't', id: 9, injection: null });
  });
});
