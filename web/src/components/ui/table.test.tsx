import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable, sortRows } from './table';

type Order = { id: string; customer: string; robux: number };
const order = (id: string, customer: string, robux: number): Order => ({ id, customer, robux });

const COLUMNS: Column<Order>[] = [
  { id: 'id', header: 'Order', cell: (row) => row.id },
  { id: 'customer', header: 'Customer', cell: (row) => row.customer, sortValue: (r) => r.customer },
  { id: 'robux', header: 'Robux', cell: (row) => row.robux, sortValue: (r) => r.robux },
];

describe('DataTable', () => {
  it('names the table, scopes its headers and makes the first cell the row header', () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Open orders"
        columns={COLUMNS}
        rows={[order('t-1', 'Kai', 750)]}
        rowKey={(row) => row.id}
        initialSort={{ columnId: 'robux', direction: 'descending' }}
      />,
    );
    expect(html).toContain('<caption class="sr-only">Open orders</caption>');
    expect(html).toContain('aria-label="Open orders" tabindex="0"');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html).toMatch(/<th scope="row"[^>]*>t-1<\/th>/);
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button[^>]*>Robux/);
  });

  it('says so when there are no rows', () => {
    const html = renderToStaticMarkup(
      <DataTable caption="Orders" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="None" />,
    );
    expect(html).toMatch(/<td colSpan="3"[^>]*>None<\/td>/i);
  });

  it('sorts numbers as numbers and text by locale, either way', () => {
    const rows = [order('a', 'bo', 1750), order('b', 'Al', 750), order('c', 'cy', 3500)];
    const ids = (sorted: Order[]) => sorted.map((row) => row.id);
    expect(ids(sortRows(rows, COLUMNS, { columnId: 'robux', direction: 'ascending' }))).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(ids(sortRows(rows, COLUMNS, { columnId: 'customer', direction: 'descending' }))).toEqual(
      ['c', 'a', 'b'],
    );
    expect(ids(sortRows(rows, COLUMNS))).toEqual(['a', 'b', 'c']);
  });
});
