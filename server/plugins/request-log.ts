import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { loggableUrl } from '../loggable-url';

/**
 * Header on the server's own API calls made while prerendering a page (server/web), with a
 * value only this process knows, so no client can hide its requests from the log with it.
 */
export const PRERENDER_HEADER = 'x-lunar-prerender';
export const PRERENDER_TOKEN = randomUUID();

/**
 * One log line per request (Fastify's default is two), and none for the API calls a page
 * makes to itself while prerendering: those are part of the page's line. The URL is logged
 * without secrets or what people typed (loggable-url.ts).
 */
export const requestLogPlugin = fp(
  async (app) => {
    // Callback-style hooks on every request: no promise per request.
    app.addHook('onResponse', (request, reply, done) => {
      done();
      if (request.headers[PRERENDER_HEADER] === PRERENDER_TOKEN) return;
      request.log.info(
        {
          method: request.method,
          url: loggableUrl(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
