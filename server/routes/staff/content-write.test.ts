import { describe, expect, it } from 'vitest';
import { ContentEditError } from '../../../db/repositories/content-edit-error';
import { HttpError } from '../../http-errors';
import { createContentWriter } from './content-write';

// The content routes' one way to write: refusals in words, and the page cache told only after
// a write that happened.

/** A database whose only use here is the content-version bump (and its notice) after a write. */
function fakeDb() {
  const bumps: unknown[] = [];
  const chain = {
    values: () => chain,
    onConflictDoUpdate: async () => {
      bumps.push(1);
    },
  };
  return { bumps, db: { insert: () => chain, execute: async () => {} } as never };
}

/** What a driver throws for a foreign-key violation, wrapped as drizzle wraps it. */
function foreignKeyViolation() {
  const driver = Object.assign(new Error('insert or update violates foreign key'), {
    code: '23503',
    severity: 'ERROR',
  });
  return new Error('Failed query', { cause: driver });
}

describe('createContentWriter', () => {
  it('answers a row deleted meanwhile (a category) as a 409 in words, not a 500', async () => {
    const { db, bumps } = fakeDb();
    const write = createContentWriter(db);
    const refused = write(() => Promise.reject(foreignKeyViolation()));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 409 });
    expect(bumps).toEqual([]);
  });

  it('passes a ContentEditError on with its status, and other errors as they are', async () => {
    const write = createContentWriter(fakeDb().db);
    await expect(
      write(() => Promise.reject(new ContentEditError(404, 'gone'))),
    ).rejects.toMatchObject({ statusCode: 404, message: 'gone' });
    const other = new Error('disk full');
    await expect(write(() => Promise.reject(other))).rejects.toBe(other);
  });

  it('tells the page cache after a write', async () => {
    const { db, bumps } = fakeDb();
    expect(await createContentWriter(db)(async () => 'saved')).toBe('saved');
    expect(bumps).toHaveLength(1);
  });
});
