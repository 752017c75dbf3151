import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { connectionErrorCode, DATABASE_UNAVAILABLE } from '../../db/availability';
import { StorageError } from '../../db/image-store';
import { HttpError } from '../http-errors';

/** What a client is told to wait while the database is unreachable (it is back in seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** What a client is told to wait while images cannot be stored (a bucket outage is longer). */
const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * The one error handler: 4xx answers say what was wrong, 5xx answers hide details behind a
 * reference the logs can be searched for, and an unreachable database or image store (the
 * bucket down or refusing, an unwritable DATA_DIR) is a 503 with Retry-After.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      // An error is about this request only: no cache (a browser may keep a 404 otherwise).
      reply.header('cache-control', 'no-store');
      // First: a bucket that refuses connections fails with the same codes as a database.
      // Nothing was kept (the route removed what it stored); the applicant may send it again.
      if (error instanceof StorageError) {
        request.log.error({ err: error }, 'request failed: image storage unavailable');
        return reply.status(503).header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS)).send({
          error: 'Service temporarily unavailable',
          message:
            'We cannot store images right now, so nothing was saved. Please try again in a few minutes.',
          reference: request.id,
        });
      }
      // Postgres is down or restarting: a short, honest answer the client can retry, not a 500.
      const connectionError = connectionErrorCode(error);
      if (connectionError) {
        // Requests refused while the outage is known only need the code: db/availability.ts
        // logged the outage itself once.
        if (connectionError === DATABASE_UNAVAILABLE) {
          request.log.info({ code: connectionError }, 'request refused: database unavailable');
        } else {
          request.log.warn({ err: error }, 'request failed: database unavailable');
        }
        return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
          error: 'Service temporarily unavailable',
          message: 'We cannot reach our database right now. Please try again in a few seconds.',
          reference: request.id,
        });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .status(status)
          .send({ message: 'Something went wrong on our side.', reference: request.id });
      }
      request.log.info({ err: error, status }, 'request rejected');
      const fieldErrors = error instanceof HttpError ? error.fieldErrors : undefined;
      if (error instanceof HttpError && error.headers) reply.headers(error.headers);
      return reply
        .status(status)
        .send({ message: error.message, ...(fieldErrors && { fieldErrors }) });
    });

    // Unknown API paths are JSON; the web plugin renders the 404 page for everything else.
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        // Heuristically cacheable otherwise: a route added by the next deploy would stay 404.
        .header('cache-control', 'no-store')
        .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    );
  },
  { name: 'errors' },
);
