import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { PRERENDER_HEADER, PRERENDER_TOKEN } from '../plugins/request-log';
import { createMetrics, type Metrics, servesMetrics } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The route pattern metrics count a page under (its route table path), set by server/web. */
    metricsRoute: string | null;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts requests by route pattern and serves `GET /metrics` (Prometheus text) to a bearer of
 * METRICS_TOKEN. Off by default: without METRICS_TOKEN or METRICS_PORT nothing is timed and
 * /metrics is an unknown route; METRICS_PORT alone serves them on loopback only
 * (entry/metrics-port.ts), never on the site's port.
 */
export const metricsPlugin = fp<{ metrics?: Metrics }>(
  async (app, options) => {
    const token = app.config.METRICS_TOKEN;
    const serving = servesMetrics(app.config);
    const metrics = options.metrics ?? createMetrics(app.database, { serving });
    app.decorate('metrics', metrics);
    app.decorateRequest('metricsRoute', null);
    if (!serving) return;

    app.addHook('onResponse', (request, reply, done) => {
      done();
      // A page's own API calls while prerendering are part of the page's time.
      if (request.headers[PRERENDER_HEADER] === PRERENDER_TOKEN) return;
      const route = request.metricsRoute ?? request.routeOptions.url ?? 'unmatched';
      metrics.requests.inc({ method: request.method, route, status_code: reply.statusCode });
      metrics.requestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    if (!token) return;
    const expected = digest(`Bearer ${token}`);
    app.get('/metrics', { exposeHeadRoute: false }, async (request, reply) => {
      // Compared as digests: equal lengths, and no early exit that times the token.
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'Metrics need the METRICS_TOKEN bearer token.' });
      }
      const { contentType, body } = await metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  },
  { name: 'metrics', dependencies: ['app-context'] },
);
