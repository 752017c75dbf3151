import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';

/** How long a refused client may go on sending (discarded) before its socket is closed. */
const LINGER_MS = 3000;

/**
 * An answer sent before the request body was read whole (an upload refused half-way: too
 * large, too many files, not an image, rate-limited) says `Connection: close` and closes the
 * connection behind it. Without this the server stops reading, the client stops being able to
 * send, and neither moves until the request timeout: the client never reads the answer.
 */
export const unreadBodyPlugin = fp(
  async (app) => {
    // Callback style: this runs on every answer, and a promise each is measurable.
    app.addHook('onSend', (request, reply, payload, done) => {
      // `complete` is false until the parser saw the body's end (undefined under inject()).
      // A request without a body is not complete yet either while a synchronous handler
      // answers it (the parser marks it complete just after the request event): that is no
      // unread upload, and closing there cost every asset answer its kept-alive connection.
      const { complete, socket } = request.raw;
      if (
        complete === false &&
        hasBody(request.raw) &&
        socket instanceof Socket &&
        !socket.destroyed
      ) {
        reply.header('connection', 'close');
        lingerThenClose(request.raw, socket);
      }
      done(null, payload);
    });
  },
  { name: 'unread-body' },
);

/** Whether the request announced a body (HTTP/1.1: a length above zero, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
  return chunked !== undefined || (length !== undefined && length !== '0');
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written (destroySoon);
 * bytes the client is still sending then reset the connection, often before the client has
 * read the answer. Instead: send the answer and our FIN, keep reading and discarding what
 * still arrives for a moment (a "lingering close", as nginx does), then close.
 */
function lingerThenClose(request: IncomingMessage, socket: Socket): void {
  // Whatever still reads the body (a multipart parser that gave up) stops; the rest is dropped.
  request.unpipe();
  request.resume();
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
  };
}
