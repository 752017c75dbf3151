import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import {
  createRateLimitRepository,
  type RateLimitRepository,
} from '../../db/repositories/rate-limits';
import { rateLimitKey } from '../client-address';
import { describeWait, tooManyRequests } from '../http-errors';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// @fastify/rate-limit's store contract, backed by Postgres so all instances share counters.
function createPostgresStore(repository: RateLimitRepository) {
  return class PostgresStore {
    constructor(private readonly prefix = 'global') {}

    incr(key: string, callback: Callback, timeWindow: number) {
      repository.hit(`${this.prefix}:${key}`, timeWindow).then(
        ({ hits, resetAt }) =>
          callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      repository.count(`${this.prefix}:${key}`).then(
        (row) =>
          callback(
            null,
            row
              ? { current: row.hits, ttl: row.resetAt.getTime() - Date.now() }
              : { current: 0, ttl: 0 },
          ),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { routeInfo: { method: string; url: string } }) {
      return new PostgresStore(`${routeOptions.routeInfo.method}:${routeOptions.routeInfo.url}`);
    }
  };
}

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`) for the
 * endpoints that can be abused: forms, passcode checks, uploads.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const repository = createRateLimitRepository(app.db);
    await app.register(rateLimit, {
      global: false,
      store: createPostgresStore(repository) as never,
      // A database hiccup must not turn every form into a 500.
      skipOnError: true,
      keyGenerator: (request) => rateLimitKey(request.ip),
    });
    const sweep = setInterval(() => {
      repository
        .deleteExpired()
        .catch((error) => app.log.warn({ err: error }, 'rate limit sweep failed'));
    }, 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'rate-limit', dependencies: ['app-context'] },
);

type RouteLimit = { max: number; timeWindow: number };
/** The 429's words for a wait ("10 minutes"): "… Please try again in 10 minutes." */
type ExplainLimit = (wait: string) => string;

/**
 * A route's `config.rateLimit`: `max` requests per `timeWindow` ms from one address, then the
 * one 429, worded by `explain`.
 */
export function routeRateLimit(limit: RouteLimit, explain: ExplainLimit): RateLimitOptions {
  return {
    ...limit,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(explain(describeWait(context.ttl)), context.ttl),
  };
}
