import { describe, expect, it } from 'vitest';
import { toCsvCell, toCsvLine } from './csv';

describe('toCsvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(toCsvCell('a,b')).toBe('"a,b"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(toCsvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(toCsvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('writes numbers as numbers (negative amounts stay numbers), dates as ISO, nothing as empty', () => {
    expect(toCsvCell(-5)).toBe('-5');
    expect(toCsvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(toCsvCell(null)).toBe('');
    expect(toCsvLine(['a', 1, true])).toBe('a,1,true\r\n');
  });
});
