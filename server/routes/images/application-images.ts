import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createApplicationsRepository } from '../../../db/repositories/applications';
import { HttpError } from '../../http-errors';
import { requireRole } from '../../plugins/auth';

// Applicants' portfolio images, for staff: stored files (DATA_DIR or the bucket), by content hash.
// Registered inside the staff folder (server/routes/staff); like the applications, leads only.

const Params = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

const applicationImageRoutes: FastifyPluginAsync = async (app) => {
  const store = app.images.applications;
  const applications = createApplicationsRepository(app.db);

  app.get(
    '/application-images/:hash',
    { onRequest: requireRole('lead') },
    async (request, reply) => {
      // Only a hash reaches the file system: nothing else can name a path (no traversal).
      const parsed = Params.safeParse(request.params);
      if (!parsed.success) throw new HttpError(404, 'No such image.');
      const { hash } = parsed.data;
      const image = await applications.findImageByHash(hash);
      // Streamed from where it is stored, bucket included: the same address and headers.
      const file = image && (await store.open(hash));
      if (!image || !file) throw new HttpError(404, 'No such image.');
      return (
        reply
          .type(image.contentType)
          .header('content-length', file.byteSize)
          // The address names the bytes, so they never change; personal data: browsers only.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .send(file.stream)
      );
    },
  );
};

export default applicationImageRoutes;
