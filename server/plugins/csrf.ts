import type { FastifyRequest } from 'fastify';
import { type Config, publicUrl } from '../../core/config';
import { HttpError } from '../http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by another service that proves itself otherwise (a signature), not a browser. */
    csrfExempt?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const REFUSAL = 'This request did not come from this site, so it was refused.';

/**
 * CSRF protection for every state-changing request, checked from what browsers send rather
 * than with tokens: `Origin` must be this site (its PUBLIC_URL, or the host the request was
 * sent to: a cross-site page cannot make a browser send a matching pair), or, without
 * `Origin`, `Sec-Fetch-Site: same-origin`. A request with neither header comes from no modern
 * browser; it is refused only when it carries a session cookie, which is what a forged
 * request would ride on. Forms posted without a session (contact, applications) from
 * scripts and tests stay open, and a foreign `Origin` is refused even without a cookie, so a
 * site cannot sign a visitor in with someone else's passcode either. Routes another service
 * calls and that prove themselves otherwise (`config.csrfExempt`: Stripe's signed webhook) are
 * left out.
 */
export function createCsrfCheck(config: Config, sessionCookies: readonly string[]) {
  const publicOrigin = new URL(publicUrl(config)).origin;
  const check = (request: FastifyRequest): void => {
    if (!STATE_CHANGING.has(request.method)) return;
    // Another service's call, proven otherwise (Stripe's webhook: its signature).
    if (request.routeOptions.config?.csrfExempt === true) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return;
      throw new HttpError(403, REFUSAL);
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'same-origin') return;
    if (site === 'cross-site' || site === 'same-site') throw new HttpError(403, REFUSAL);
    if (sessionCookies.some((name) => request.cookies[name] !== undefined)) {
      throw new HttpError(403, REFUSAL);
    }
  };
  // A callback-style onRequest hook: a throw goes to the error handler, and the many
  // requests that change nothing cost no promise.
  return (request: FastifyRequest, _reply: unknown, done: () => void): void => {
    check(request);
    done();
  };
}
