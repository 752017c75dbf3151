import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateTimeSchema } from './dates';
import { CursorSchema, encodeCursor, KeysetIdSchema, PageQuerySchema, PageSchema } from './page';

const Keyset = z.object({ submittedAt: DateTimeSchema, id: KeysetIdSchema });
const Cursor = CursorSchema(Keyset);

describe('cursors', () => {
  it('round-trip a keyset through an opaque, URL-safe string', () => {
    const position = { submittedAt: new Date('2024-02-29T23:59:59.999Z'), id: 2_147_483_647 };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('2024');
    expect(Cursor.parse(cursor)).toEqual(position);
  });

  it('keep non-ASCII keys intact', () => {
    const Named = CursorSchema(z.object({ name: z.string() }));
    expect(Named.parse(encodeCursor({ name: 'Zoë 漢字 😀' }))).toEqual({ name: 'Zoë 漢字 😀' });
  });

  it.each([
    ['not base64url', 'abc.def'],
    ['not JSON', Buffer.from('{"id":').toString('base64url')],
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')],
    ['the wrong shape', encodeCursor({ id: 1 })],
    ['an id past integer', encodeCursor({ submittedAt: '2024-01-01T00:00:00Z', id: 2 ** 31 })],
    ['a made-up date', encodeCursor({ submittedAt: 'yesterday', id: 1 })],
    ['too long', 'A'.repeat(600)],
    ['empty', ''],
  ])('refuse %s with one message on the cursor itself', (_, cursor) => {
    const result = z.object({ cursor: Cursor }).safeParse({ cursor });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['cursor'], 'Cursor is not valid'],
    ]);
  });
});

describe('PageQuerySchema', () => {
  const Query = PageQuerySchema(Cursor, { defaultLimit: 20, maxLimit: 50 });

  it('reads limit and cursor from a query string', () => {
    const position = { submittedAt: new Date('2024-01-01T00:00:00.000Z'), id: 3 };
    expect(Query.parse({ limit: '5', cursor: encodeCursor(position) })).toEqual({
      limit: 5,
      cursor: position,
    });
    expect(Query.parse({})).toEqual({ limit: 20 });
  });

  it('bounds the limit', () => {
    for (const limit of ['0', '51', '2.5', 'ten'])
      expect(Query.safeParse({ limit }).success).toBe(false);
  });
});

describe('PageSchema', () => {
  it('reads a page from JSON with the item schema, dates included', () => {
    const Item = z.object({ id: z.number(), at: DateTimeSchema });
    const page = {
      items: [{ id: 1, at: new Date('2024-05-01T10:00:00.123Z') }],
      nextCursor: 'x',
      total: 9,
    };
    expect(PageSchema(Item).parse(JSON.parse(JSON.stringify(page)))).toEqual(page);
  });
});
