import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csv', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvLine(['a', 'say "hi"', 3, null])).toBe('"a","say ""hi""","3",""\r\n');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])(
    'defuses %j so a spreadsheet shows it as text',
    (text) => {
      expect(csvCell(text)).toBe(`"'${text}"`);
    },
  );

  it('keeps line breaks inside the quoted cell and dates as ISO', () => {
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });
});
