import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIST_SEARCH_MAX, ListQuerySchema, listPageOf, withChosen } from './list-page';

// The search box of every dashboard list goes into SQL (a LIKE and full text): the one text
// rule applies (docs/decisions/021-one-text-rule.md). Found by the staff fuzz: `q=%00` was a
// 500 on six of the seven lists, Postgres refusing a NUL in a query parameter.
const Query = ListQuerySchema(z.enum(['created']), 'created');
const searchIssue = (q: unknown) => {
  const result = Query.safeParse({ q });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('ListQuerySchema search', () => {
  it.each([
    ['a NUL', 'a\u0000b', 'Search contains a NUL character'],
    ['a lone surrogate', 'a\udc00', 'Search contains broken Unicode (a lone surrogate)'],
    [
      'a control character',
      'a\u001bb',
      'Search contains a control character (only line breaks and tabs are allowed)',
    ],
    ['two searches', ['a', 'b'], 'Search must be text'],
    [
      'a long search',
      'x'.repeat(LIST_SEARCH_MAX + 1),
      `Search must be at most ${LIST_SEARCH_MAX} characters`,
    ],
  ])('refuses %s in words', (_, q, message) => {
    expect(searchIssue(q)).toBe(message);
  });

  it('keeps odd but good searches, trimmed and NFC-normalised; blank is no search', () => {
    expect(Query.parse({ q: ' 50%_\\ cafe\u0301 ' }).q).toBe('50%_\\ café');
    expect(Query.parse({ q: '   ' }).q).toBeUndefined();
    expect(Query.parse({}).q).toBeUndefined();
  });
});

describe('chosen values no row has', () => {
  it('come with a count of 0, after the counted ones, once', () => {
    const counted = [{ value: 'a', count: 3 }];
    expect(withChosen(counted, ['b', 'a'])).toEqual([
      { value: 'a', count: 3 },
      { value: 'b', count: 0 },
    ]);
    expect(withChosen(counted, undefined)).toEqual(counted);
  });

  it('are counted by the in-memory lists too', () => {
    const page = listPageOf([{ id: 1, kind: 'x' }], {
      facets: { kind: { valueOf: (row) => row.kind, chosen: ['y'] } },
      compare: (a, b) => a.id - b.id,
      tieBreak: (a, b) => a.id - b.id,
      order: 'asc',
      page: 1,
      size: 10,
    });
    expect(page.facets.kind).toEqual([
      { value: 'x', count: 1 },
      { value: 'y', count: 0 },
    ]);
    expect(page.total).toBe(0);
  });
});
