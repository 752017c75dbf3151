import type { onRequestHookHandler } from 'fastify';

// The cap on uploads one process takes at once (MAX_CONCURRENT_UPLOADS, decision 048): each
// holds at most its stream buffers and one 5 MB bucket part, so the cap is what bounds their
// memory. The next one is answered before a byte of its body is read.

/** What a refused applicant is told to wait: an upload takes seconds, not minutes. */
const RETRY_AFTER_SECONDS = 10;

/** An onRequest hook admitting at most `max` multipart uploads at once. */
export function admitUploads(max: number): onRequestHookHandler {
  let running = 0;
  return (request, reply, done) => {
    // Answers without images (JSON) are small and parsed whole by Fastify: not counted. (The
    // multipart plugin's isMultipart() is set only by its body parser, which runs later.)
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('multipart/')) return done();
    if (running >= max) {
      request.log.warn({ running }, 'upload refused: MAX_CONCURRENT_UPLOADS reached');
      reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({
          error: 'Service temporarily unavailable',
          message:
            'We are receiving many applications right now, so nothing was saved. Please try again in a few seconds.',
          reference: request.id,
        });
      return;
    }
    running += 1;
    // Once the answer is sent or the client has gone; the route stops storing at either.
    reply.raw.once('close', () => {
      running -= 1;
    });
    done();
  };
}
