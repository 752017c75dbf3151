import { open, stat } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { detectImageType } from '../../../core/applications/image-type';
import { HttpError } from '../../http-errors';
import { createSiteMediaStore, SITE_MEDIA_PREFIX } from '../../site-media';

const Params = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

/** Uploaded site images (server/site-media.ts), public: the address names the bytes. */
const siteMediaRoutes: FastifyPluginAsync = async (app) => {
  const store = createSiteMediaStore(app.config.DATA_DIR);

  app.get(`${SITE_MEDIA_PREFIX}:hash`, async (request, reply) => {
    const parsed = Params.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, 'No such image.');
    const path = store.pathOf(parsed.data.hash);
    const file = await stat(path).catch(() => null);
    if (!file) throw new HttpError(404, 'No such image.');
    // The type was checked by its bytes on upload; read it the same way (no row to ask).
    const head = Buffer.alloc(16);
    const handle = await open(path);
    await handle.read(head, 0, 16, 0).finally(() => handle.close());
    const type = detectImageType(head);
    if (!type) throw new HttpError(404, 'No such image.');
    return reply
      .type(type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(store.open(parsed.data.hash));
  });
};

export default siteMediaRoutes;
