import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors';

/**
 * The one error handler: 4xx answers say what was wrong, 5xx answers hide details behind a
 * reference the logs can be searched for.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
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
        .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    );
  },
  { name: 'errors' },
);
