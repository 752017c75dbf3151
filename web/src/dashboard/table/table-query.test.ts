import { describe, expect, it } from 'vitest';
import { LIST_FACET_VALUES_MAX } from '../../../../core/shared/list-page';
import {
  filterParams,
  isFiltered,
  listParams,
  readTableQuery,
  resetFilters,
  type TableQuery,
  withFilters,
  writeTableQuery,
} from './table-query';

const SHAPE = {
  facetIds: ['status', 'designer'],
  sortIds: ['created', 'price'],
  defaultSort: { id: 'created', order: 'desc' as const },
};
const read = (search: string) => readTableQuery(new URLSearchParams(search), SHAPE);

const DEFAULT: TableQuery = {
  q: '',
  facets: {},
  sort: SHAPE.defaultSort,
  page: 1,
  size: 25,
};

describe('a list’s query in the URL', () => {
  it('reads nothing as the defaults', () => {
    expect(read('')).toEqual(DEFAULT);
  });

  it('reads every part', () => {
    expect(
      read(
        'q=nova&status=paid,in_qc&designer=1&from=2026-11-01&to=2026-11-30&sort=price&order=asc&page=3&size=50',
      ),
    ).toEqual({
      q: 'nova',
      facets: { status: ['paid', 'in_qc'], designer: ['1'] },
      from: '2026-11-01',
      to: '2026-11-30',
      sort: { id: 'price', order: 'asc' },
      page: 3,
      size: 50,
    });
  });

  it('falls back to the default for what the table cannot mean', () => {
    expect(
      read('sort=secret&order=asc&page=x&size=7&from=2026-02-30&to=yesterday&other=1'),
    ).toEqual(DEFAULT);
    expect(read('page=0').page).toBe(1);
    expect(read('page=-2').page).toBe(1);
    expect(read('sort=price&order=sideways').sort).toEqual({ id: 'price', order: 'desc' });
  });

  it('drops blank and repeated facet values and keeps at most what the server takes', () => {
    expect(read('status=paid,,paid,in_qc,').facets).toEqual({ status: ['paid', 'in_qc'] });
    expect(read('status=,').facets).toEqual({});
    const many = Array.from({ length: LIST_FACET_VALUES_MAX + 5 }, (_, i) => `v${i}`);
    expect(read(`status=${many.join(',')}`).facets.status).toHaveLength(LIST_FACET_VALUES_MAX);
  });

  it('trims the search and caps its length', () => {
    expect(read('q=%20%20nova%20').q).toBe('nova');
    expect(read(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes the defaults as nothing, so links stay short', () => {
    expect(writeTableQuery(DEFAULT, SHAPE.defaultSort).toString()).toBe('');
  });

  it('writes what it reads back the same', () => {
    const search =
      'q=nova&status=paid%2Cin_qc&from=2026-11-01&to=2026-11-30&sort=price&order=asc&page=3&size=50';
    expect(writeTableQuery(read(search), SHAPE.defaultSort).toString()).toBe(search);
  });

  it('goes back to page 1 when a filter changes, keeping the sort and size', () => {
    const onPage3 = read('sort=price&order=asc&page=3&size=50');
    const filtered = withFilters(onPage3, { facets: { status: ['paid'] } });
    expect(filtered).toMatchObject({ page: 1, size: 50, sort: { id: 'price', order: 'asc' } });
    expect(withFilters(onPage3, { q: 'nova' }).page).toBe(1);
  });

  it('resets the search, facets and range but not the sort or size', () => {
    const query = read('q=nova&status=paid&from=2026-11-01&sort=price&page=2&size=100');
    expect(isFiltered(query)).toBe(true);
    const reset = resetFilters(query);
    expect(reset).toEqual({ ...DEFAULT, sort: { id: 'price', order: 'desc' }, size: 100 });
    expect(isFiltered(reset)).toBe(false);
    expect(isFiltered(read('to=2026-11-01'))).toBe(true);
  });

  it('asks the endpoint for the page with facets as comma lists', () => {
    const query = read('q=nova&status=paid,in_qc&page=2&size=10');
    expect(listParams(query)).toEqual({
      q: 'nova',
      status: 'paid,in_qc',
      from: undefined,
      to: undefined,
      sort: 'created',
      order: 'desc',
      page: 2,
      size: 10,
    });
    expect(filterParams(read(''))).toEqual({
      q: undefined,
      from: undefined,
      to: undefined,
      sort: 'created',
      order: 'desc',
    });
  });
});
