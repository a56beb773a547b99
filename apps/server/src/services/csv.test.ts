import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('the CSV writer', () => {
  it('leaves plain cells as they are and writes nothing for missing values', () => {
    expect(csvCell('Caffeine')).toBe('Caffeine');
    expect(csvCell(1.25)).toBe('1.25');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a quote, comma or line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell({ a: 1, b: 'x' })).toBe('"{""a"":1,""b"":""x""}"');
  });

  it('never lets a text cell run as a spreadsheet formula, but keeps negative numbers', () => {
    for (const start of ['=', '+', '-', '@']) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(-0.5)).toBe('-0.5');
  });

  it('ends every line, the last too, with CRLF', () => {
    expect(
      csvDocument([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('a,b\r\n1,\r\n');
    expect(csvDocument([])).toBe('');
  });
});
