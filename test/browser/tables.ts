import type { Locator, Page } from 'playwright-core';

// Reading the dashboard's tables as a person does: by their accessible name and column
// headers, whatever renders them.

/** Each body row as { header text: cell text }; sort arrows and spacing left out. */
export function readTable(table: Locator): Promise<Record<string, string>[]> {
  return table.evaluate((element) => {
    const text = (cell: Element) =>
      (cell.textContent ?? '').replace(/[▲▼↕]/g, '').replace(/\s+/g, ' ').trim();
    const headers = [...element.querySelectorAll('thead th')].map(text);
    return [...element.querySelectorAll('tbody tr')]
      .map((row) => [...row.querySelectorAll('th, td')])
      .filter((cells) => cells.length === headers.length)
      .map((cells) => Object.fromEntries(cells.map((cell, i) => [headers[i], text(cell)])));
  });
}

/** One column of `readTable`, e.g. the ids shown, in order. */
export async function readColumn(table: Locator, header: string): Promise<string[]> {
  return (await readTable(table)).map((row) => row[header] ?? '');
}

/** The current URL's query parameter. */
export function urlParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}
