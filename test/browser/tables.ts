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

/**
 * Ticks (or unticks) `option` in the toolbar's `facet` filter, as a person does: open its
 * popover, pick the value, close it again.
 */
export async function pickFacet(page: Page, facet: string, option: string | RegExp) {
  await page.getByRole('button', { name: new RegExp(`^Filter by ${facet}(:|$)`) }).click();
  await page
    .getByRole('dialog', { name: `${facet} filter` })
    .getByRole('option', { name: typeof option === 'string' ? new RegExp(`^${option}`) : option })
    .click();
  await page.keyboard.press('Escape');
}
