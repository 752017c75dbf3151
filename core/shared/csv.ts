// CSV for spreadsheet users (RFC 4180 quoting). A cell starting with = + - @ or a tab/CR is
// read as a formula by Excel and friends (CSV injection), so it is prefixed with an
// apostrophe: the text shows as typed and never runs.

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function toCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsvLine(values: readonly CsvValue[]): string {
  return `${values.map(toCsvCell).join(',')}\r\n`;
}
