import type { FastifyPluginAsync } from 'fastify';
import { toStaffEvent } from '../../live/staff-events';
import { getSignedInStaff } from '../../plugins/auth';

/** A comment line now and then, so proxies keep the idle stream open and dead peers show. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser's EventSource reconnects: the new request
 * checks the session again, so a removed staff member stops hearing within minutes.
 */
const STREAM_MAX_MS = 10 * 60_000;

/** `GET /api/staff/events`: server-sent events for new applications, messages, order changes. */
const eventRoutes: FastifyPluginAsync = async (app) => {
  const open = new Set<() => void>();
  // Before the server waits for its connections to end: an open stream never would.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/events', async (request, reply) => {
    const { staff } = await getSignedInStaff(request);
    const raw = reply.raw;
    // Subscribed before answering: a failure is still an ordinary error answer (503).
    const unsubscribe = await app.liveChanges.subscribe((change) => {
      const event = toStaffEvent(change, staff);
      if (event) raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      // The connection ends with the stream: it is never reused for another request, so
      // closing the server does not wait on it.
      connection: 'close',
    });
    raw.write('retry: 5000\n: connected\n\n');
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const expiry = setTimeout(() => end(), STREAM_MAX_MS);
    function end() {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      raw.end();
    }
    open.add(end);
    request.raw.on('close', end);
    raw.on('close', end);
  });
};

export default eventRoutes;
