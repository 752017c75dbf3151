/**
 * A site-content write the data refuses (an unknown category, a username taken): the
 * repositories throw it from inside their transaction and the staff routes answer its status.
 */
export class ContentEditError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}
