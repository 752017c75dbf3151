import type { Executor } from '../../../db/client';
import { ContentEditError } from '../../../db/repositories/content-edit-error';
import { siteContentChanged } from '../../../db/repositories/site-content-version';
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
      throw error;
    }
  };
}
