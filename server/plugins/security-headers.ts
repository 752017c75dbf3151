import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { publicUrl } from '../../core/config';

/**
 * The headers helmet would set, computed once. @fastify/helmet calls `helmet(options)` on every
 * request, re-parsing the whole policy each time (about a tenth of a cached page's CPU); ours
 * never depends on the request (no nonces), so one run against a recording response gives
 * the exact same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * `scriptHashes`: CSP sources of the inline scripts the pages carry (the entry script, see
 * server/web/web-build.ts); no other inline script runs.
 */
export function securityHeaderOptions(https: boolean, scriptHashes: string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // React's style props become inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Our pages open the Discord invite in a new tab; nothing else is cross-origin.
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over https; sent over plain http it would pin nothing yet
    // tell a browser the site promises https (it may not have it at all).
    strictTransportSecurity: https,
  };
}

export type SecurityHeadersOptions = { scriptHashes?: string[] };

/** Safe headers on every response (CSP, nosniff, frame and referrer policies, HSTS on https). */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { scriptHashes = [] }) => {
    const https = new URL(publicUrl(app.config)).protocol === 'https:';
    const headers = helmetHeaders(securityHeaderOptions(https, scriptHashes));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['app-context'] },
);
