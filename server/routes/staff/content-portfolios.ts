import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  PORTFOLIO_PART_SCHEMAS,
  PortfolioCreateSchema,
  PortfolioPartSchema,
  type PortfolioProject,
} from '../../../core/portfolio/schema';
import { text } from '../../../core/shared/text';
import { isContentHash } from '../../../db/image-store';
import {
  createPortfolioEditorRepository,
  type PortfolioPartValue,
} from '../../../db/repositories/portfolio-editor';
import { createPortfoliosRepository } from '../../../db/repositories/portfolios';
import { HttpError, parseWith } from '../../http-errors';
import { requireRole } from '../../plugins/auth';
import { SITE_MEDIA_PREFIX, siteMediaUrl } from '../../site-media';
import { createSiteContent } from '../../site-settings';
import { createContentWriter } from './content-write';
import { storeImageUpload } from './store-image-upload';

// Site content (executives): the designers' portfolios that /team/portfolios/:username shows.
// A part (profile, skills, projects, expertise, testimonials) is saved whole and checked by the
// core schema the public API reads it back with. Project images are uploaded first (answering
// their address) and then named in the projects saved; every write ends with siteContentChanged.

// As the public route reads it (server/routes/portfolios): any stored key, under the text rule.
const UsernameParams = z.object({ username: text('Username', { min: 1, max: 64 }) });
const PartParams = UsernameParams.extend({ part: PortfolioPartSchema });
const ImageParams = UsernameParams.extend({
  kind: z.enum(['avatar', 'banner'], { error: 'Picture must be avatar or banner' }),
});

const NO_SUCH_PORTFOLIO = 'No such portfolio.';

const portfolioContentRoutes: FastifyPluginAsync = async (app) => {
  const portfolios = createPortfolioEditorRepository(app.db);
  const profiles = createPortfoliosRepository(app.db);
  const siteContent = createSiteContent(app.db, app.config);
  const media = app.images.site;
  const executives = { onRequest: requireRole('executive') };

  const write = createContentWriter(app.db);

  /** Projects may only show images this site holds: an address typed by hand is a 400. */
  async function checkImagesExist(projects: PortfolioProject[]) {
    const fieldErrors: Record<string, string> = {};
    for (const [index, project] of projects.entries()) {
      for (const [position, url] of (project.images ?? []).entries()) {
        const hash = url.slice(SITE_MEDIA_PREFIX.length);
        if (!isContentHash(hash) || !(await media.has(hash))) {
          fieldErrors[`${index}.images.${position}`] = 'No such uploaded image';
        }
      }
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw new HttpError(400, 'A project names an image that was never uploaded.', fieldErrors);
    }
  }

  app.get('/content/portfolios', executives, async () => ({
    defaultUsername: (await siteContent.read('portfolio')).value.defaultUsername,
    portfolios: await portfolios.list(),
  }));

  app.post('/content/portfolios', executives, async (request, reply) => {
    const { username, ...profile } = parseWith(PortfolioCreateSchema, request.body);
    const created = await write(() => portfolios.create(username, profile));
    return reply.code(201).send(created);
  });

  app.get('/content/portfolios/:username', executives, async (request) => {
    const { username } = parseWith(UsernameParams, request.params);
    const portfolio = await portfolios.find(username);
    if (!portfolio) throw new HttpError(404, NO_SUCH_PORTFOLIO);
    return portfolio;
  });

  app.put('/content/portfolios/:username/:part', executives, async (request) => {
    const { username, part } = parseWith(PartParams, request.params);
    const value = parseWith(PORTFOLIO_PART_SCHEMAS[part], request.body);
    if (part === 'projects') await checkImagesExist(value as PortfolioProject[]);
    const saved = await write(() =>
      portfolios.savePart(username, part, value as PortfolioPartValue[typeof part]),
    );
    if (!saved) throw new HttpError(404, NO_SUCH_PORTFOLIO);
    return saved;
  });

  app.delete('/content/portfolios/:username', executives, async (request, reply) => {
    const { username } = parseWith(UsernameParams, request.params);
    // The default one too: the nav's Portfolio link then hides until another is chosen.
    if (!(await write(() => portfolios.remove(username)))) {
      throw new HttpError(404, NO_SUCH_PORTFOLIO);
    }
    return reply.code(204).send();
  });

  // A project image: stored by content hash like team avatars; the projects saved next name it.
  app.post('/content/portfolios/:username/images', executives, async (request, reply) => {
    const { username } = parseWith(UsernameParams, request.params);
    const hash = await storeImageUpload(request, media, async () =>
      Boolean(await portfolios.find(username)),
    );
    if (!hash) throw new HttpError(404, NO_SUCH_PORTFOLIO);
    return reply.code(201).send({ url: siteMediaUrl(hash) });
  });

  // The page's own avatar or banner, stored as team cards' are; it wins over the team card's.
  app.post('/content/portfolios/:username/picture/:kind', executives, async (request) => {
    const { username, kind } = parseWith(ImageParams, request.params);
    const hash = await storeImageUpload(request, media, async () =>
      Boolean(await portfolios.find(username)),
    );
    if (!hash) throw new HttpError(404, NO_SUCH_PORTFOLIO);
    const saved = await write(() => profiles.setImage(username, kind, siteMediaUrl(hash)));
    if (!saved) throw new HttpError(404, NO_SUCH_PORTFOLIO);
    return saved;
  });

  // Back to the team card's picture (or the generated one).
  app.delete('/content/portfolios/:username/picture/:kind', executives, async (request) => {
    const { username, kind } = parseWith(ImageParams, request.params);
    const saved = await write(() => profiles.setImage(username, kind, null));
    if (!saved) throw new HttpError(404, NO_SUCH_PORTFOLIO);
    return saved;
  });
};

export default portfolioContentRoutes;
