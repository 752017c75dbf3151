import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { type RawHead, readRawHead, serializeHead } from './raw-http';
import type { FastAnswerLookup, Ready } from './web/fast-answers';

/** The options Fastify applies to the server it makes (after its defaults). */
type ServerSettings = {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

type ConnectionListener = (socket: Socket) => void;

/**
 * The node:http server in front of Fastify (its `serverFactory`), with stored answers
 * (server/web/fast-answers.ts: public pages and hashed assets, the same status, headers and
 * bytes Fastify gives) answered before any of Fastify's work (docs/decisions/032-fast-path.md),
 * on two levels:
 *
 * - A new connection's first requests are read off the socket (server/raw-http.ts): a
 *   complete, plain GET or HEAD head whose answer is stored gets its bytes written at once,
 *   with no request or response object (node:http's own cost is most of what is left of a
 *   stored page's, decision 035). The first request that is anything else (a miss, a body,
 *   a partial or unusual head) hands the connection to node:http with its unread bytes, for
 *   good: from there node:http parses, times out and limits it as any connection.
 * - On node:http, each request is still offered to the stored answers before Fastify.
 */
export function createFastPath() {
  let find: FastAnswerLookup | undefined;
  let log: FastifyBaseLogger | undefined;
  let open = true;
  /** Connections still read here (not yet handed to node:http). */
  const rawConnections = new Set<Socket>();

  function logAnswer(method: string, url: string, status: number, started: number) {
    // The line server/plugins/request-log.ts writes for Fastify's answers.
    log?.info({ method, url, status, ms: Math.round(performance.now() - started) }, 'request');
  }

  function answerOnNode(request: IncomingMessage, response: ServerResponse): boolean {
    const { method = '', url = '', headers } = request;
    if (!find || (method !== 'GET' && method !== 'HEAD')) return false;
    // A body to read (never sent with these requests by browsers): Fastify's way.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
      return false;
    }
    const started = performance.now();
    const ready = find(url, headers['accept-encoding'], headers['if-none-match']);
    if (!ready) return false;
    response.writeHead(ready.status, ready.headers);
    // One write: headers and body leave together (HEAD: the headers only, length and all).
    if (method === 'HEAD' || !ready.body) response.end();
    else response.end(ready.body);
    logAnswer(method, url, ready.status, started);
    return true;
  }

  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = createServer((request, response) => {
      if (open && answerOnNode(request, response)) return;
      handler(request, response);
    });
    // What Fastify does to the server it makes itself (fastify/lib/server.js), with the
    // options after its defaults; a factory's server gets none of it otherwise.
    const settings = options as ServerSettings;
    server.keepAliveTimeout = settings.keepAliveTimeout ?? 72_000;
    server.requestTimeout = settings.requestTimeout ?? 0;
    server.setTimeout(settings.connectionTimeout ?? 0);
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;

    // node:http's own connection listener, called for each connection handed over.
    const [nodeConnection] = server.listeners('connection') as ConnectionListener[];
    if (!nodeConnection || settings.maxRequestsPerSocket) return server;
    server.removeListener('connection', nodeConnection);
    // The header block node:http ends every kept-alive answer with, after Date.
    const keepAlive = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}\r\n\r\n`;
    const heads = new WeakMap<Ready, string>();

    function onRawError(this: Socket) {
      // A reset or broken pipe: nothing to answer, as node:http does for its own.
      this.destroy();
    }

    function onRawEnd(this: Socket) {
      // The client is done sending: close our side too, as node:http does (its server allows
      // half-open sockets, so nothing else would until the keep-alive timeout).
      this.end();
    }

    function handOff(socket: Socket, unread: Buffer) {
      rawConnections.delete(socket);
      socket.removeAllListeners('data');
      socket.removeAllListeners('timeout');
      socket.removeListener('error', onRawError);
      socket.removeListener('end', onRawEnd);
      socket.setTimeout(0);
      socket.pause();
      if (unread.length > 0) socket.unshift(unread);
      nodeConnection?.call(server, socket);
      socket.resume();
    }

    function write(socket: Socket, head: RawHead, ready: Ready, started: number) {
      let serialized = heads.get(ready);
      if (serialized === undefined) {
        serialized = serializeHead(ready.status, ready.headers);
        heads.set(ready, serialized);
      }
      socket.cork();
      socket.write(`${serialized}Date: ${httpDate()}\r\n${keepAlive}`, 'latin1');
      if (head.method === 'GET' && ready.body) socket.write(ready.body);
      socket.uncork();
      logAnswer(head.method, head.url, ready.status, started);
    }

    server.on('connection', (socket: Socket) => {
      if (!open || !find) return nodeConnection.call(server, socket);
      rawConnections.add(socket);
      // Idle between requests as long as node:http allows a kept-alive connection.
      socket.setTimeout(server.keepAliveTimeout, () => socket.destroy());
      socket.on('error', onRawError);
      socket.on('end', onRawEnd);
      socket.on('close', () => rawConnections.delete(socket));
      socket.on('data', (chunk: Buffer) => {
        let offset = 0;
        while (offset < chunk.length) {
          const started = performance.now();
          const head = readRawHead(chunk, offset);
          const ready =
            open && typeof head === 'object'
              ? find?.(head.url, head.acceptEncoding, head.ifNoneMatch)
              : undefined;
          // Anything else, or part of a request: node:http reads it from here on, with its
          // timeouts and limits. So do requests pipelined behind answers the client has not
          // read yet: node:http stops reading while the socket is full, this would not.
          if (typeof head !== 'object' || !ready || socket.writableNeedDrain) {
            return handOff(socket, chunk.subarray(offset));
          }
          write(socket, head, ready, started);
          offset = head.end;
        }
      });
    });
    return server;
  };

  return {
    serverFactory,
    /** Installs the stored answers (the web plugin does, once its pages and assets are loaded). */
    use(lookup: FastAnswerLookup, logger: FastifyBaseLogger) {
      find = lookup;
      log = logger;
    },
    /**
     * From the start of a stop on, Fastify answers everything: 503 with `Connection: close`
     * on kept-alive connections (server/start-web.ts), never a page. Connections read here
     * are idle between requests (a request is answered within the turn it arrives in): they
     * close, as node:http closes its idle ones.
     */
    stop() {
      open = false;
      for (const socket of rawConnections) {
        // Closed for good once the answers written are flushed, whether or not the client
        // closes its side: node:http's cut-off (closeAllConnections) never sees these.
        socket.once('finish', () => socket.destroy());
        socket.end();
      }
      rawConnections.clear();
    },
  };
}

export type FastPath = ReturnType<typeof createFastPath>;

let date = { text: '', second: -1 };
/** The Date header's value, made once a second (node:http keeps the same cache). */
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== date.second) date = { text: new Date(second * 1000).toUTCString(), second };
  return date.text;
}
