import type { Executor } from '../../../db/client';
import { ContentEditError } from '../../../db/repositories/content-edit-error';
import { siteContentChanged } from '../../../db/repositories/site-content-version';
import { FOREIGN_KEY_VIOLATION, sqlStateOf } from '../../../db/sql-state';
import { HttpError } from '../../http-errors';

/**
 * The staff content routes' one way to write: a refusal the data makes (ContentEditError)
 * becomes its 4xx, and after a write the public pages learn of the change.
 */
export function createContentWriter(db: Executor) {
  return async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      await siteContentChanged(db);
      return result;
    } catch (error) {
      if (error instanceof ContentEditError) throw new HttpError(error.status, error.message);
      // A row the write points at (a member's category) was deleted by another executive
      // between the write's check and its insert.
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) {
        throw new HttpError(
          409,
          'Something this change refers to was just deleted (a category?): reload and try again.',
        );
      }
      throw error;
    }
  };
}
