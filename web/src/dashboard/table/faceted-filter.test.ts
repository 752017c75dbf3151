import { describe, expect, it } from 'vitest';
import { facetEntries, facetValueLabel, type TableFacet } from './faceted-filter';

const STATUS: TableFacet = {
  id: 'status',
  label: 'Status',
  options: [
    { value: 'open', label: 'Open' },
    { value: 'closed', label: 'Closed' },
  ],
};

describe('a facet’s values', () => {
  it('lists the known values in order with the server’s counts, 0 for the uncounted', () => {
    expect(facetEntries(STATUS, [{ value: 'closed', count: 1234 }], [])).toEqual([
      { value: 'open', label: 'Open', count: 0 },
      { value: 'closed', label: 'Closed', count: 1234 },
    ]);
  });

  it('adds values only the server counted or the URL chose, by their value', () => {
    expect(
      facetEntries({ id: 'designer', label: 'Designer' }, [{ value: '1', count: 3 }], ['2']),
    ).toEqual([
      { value: '1', label: '1', count: 3 },
      { value: '2', label: '2', count: 0 },
    ]);
  });

  it('names a value the page does not know by the server’s label', () => {
    const designer: TableFacet = { id: 'designer', label: 'Designer' };
    const counts = [
      { value: '1', count: 3, label: 'Astra' },
      { value: '2', count: 1 },
    ];
    expect(facetEntries(designer, counts, [])).toEqual([
      { value: '1', label: 'Astra', count: 3 },
      { value: '2', label: '2', count: 1 },
    ]);
    expect(facetValueLabel(designer, '1', counts)).toBe('Astra');
    // The page's own label wins over the server's.
    expect(facetValueLabel(STATUS, 'open', [{ value: 'open', count: 1, label: 'x' }])).toBe('Open');
  });

  it('shows no counts before the first answer', () => {
    expect(facetEntries(STATUS, undefined, ['open']).map((entry) => entry.count)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('names a value by its label, else by itself', () => {
    expect(facetValueLabel(STATUS, 'closed')).toBe('Closed');
    expect(facetValueLabel(STATUS, 'archived')).toBe('archived');
  });
});
