import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { detectImageType } from '../../../core/applications/image-type';
import { HttpError } from '../../http-errors';
import { SITE_MEDIA_PREFIX } from '../../site-media';

const Params = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

/** Uploaded site images (server/site-media.ts), public: the address names the bytes. */
const siteMediaRoutes: FastifyPluginAsync = async (app) => {
  const store = app.images.site;

  app.get(`${SITE_MEDIA_PREFIX}:hash`, async (request, reply) => {
    const parsed = Params.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, 'No such image.');
    // The type was checked by its bytes on upload; read it the same way (no row to ask).
    const head = await store.readHead(parsed.data.hash, 16);
    const type = head && detectImageType(head);
    const file = type && (await store.open(parsed.data.hash));
    if (!file) throw new HttpError(404, 'No such image.');
    return reply
      .type(type)
      .header('content-length', file.byteSize)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
};

export default siteMediaRoutes;
