import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * Answers a request whole, at once, and returns true; or returns false having touched
 * nothing, and Fastify answers it.
 */
export type FastAnswerer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The options Fastify applies to the server it makes (after its defaults). */
type ServerSettings = {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

/**
 * The node:http server in front of Fastify (its `serverFactory`): each request is offered to
 * the fast answerer first (server/web/fast-answers.ts: stored public pages and hashed assets,
 * the same status, headers and bytes Fastify gives), everything else goes to Fastify as it
 * came. A stored page through Fastify's hooks, router and reply costs several times what
 * writing its bytes does (docs/decisions/032-fast-path.md).
 */
export function createFastPath() {
  let answer: FastAnswerer | undefined;
  let open = true;
  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = createServer((request, response) => {
      if (open && answer?.(request, response)) return;
      handler(request, response);
    });
    // What Fastify does to the server it makes itself (fastify/lib/server.js), with the
    // options after its defaults; a factory's server gets none of it otherwise.
    const settings = options as ServerSettings;
    server.keepAliveTimeout = settings.keepAliveTimeout ?? 72_000;
    server.requestTimeout = settings.requestTimeout ?? 0;
    server.setTimeout(settings.connectionTimeout ?? 0);
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    /** Installs the answerer (the web plugin does, once its pages and assets are loaded). */
    use(answerer: FastAnswerer) {
      answer = answerer;
    },
    /**
     * From the start of a stop on, Fastify answers everything: 503 with `Connection: close`
     * on kept-alive connections (server/start-web.ts), never a page.
     */
    stop() {
      open = false;
    },
  };
}

export type FastPath = ReturnType<typeof createFastPath>;
