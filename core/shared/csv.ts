// CSV for the dashboard's exports (RFC 4180: every cell quoted, quotes doubled, CRLF lines).

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return, which they
 * skip before looking) as a formula: such a cell gets a leading apostrophe, shown as text.
 * Applicants write these cells, so an export must never carry a live formula.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
