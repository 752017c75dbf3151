import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../../../core/applications/image-type';
import type { SiteContent } from '../../../core/site/site-content';
import { SITE_CONTENT_SCHEMAS, SiteContentKeySchema } from '../../../core/site/site-content-schema';
import { TeamMemberEditSchema } from '../../../core/team/schema';
import { ContentEditError } from '../../../db/repositories/content-edit-error';
import { createPortfoliosRepository } from '../../../db/repositories/portfolios';
import { createTeamEditorRepository } from '../../../db/repositories/team-editor';
import { HttpError, parseWith } from '../../http-errors';
import { requireRole } from '../../plugins/auth';
import { siteMediaUrl } from '../../site-media';
import { createSiteContent } from '../../site-settings';
import categoryContentRoutes from './content-categories';
import portfolioContentRoutes from './content-portfolios';
import { createContentWriter } from './content-write';
import { storeImageUpload } from './store-image-upload';

// Site content (executives): the team directory's members, the site's blocks and (in
// content-categories.ts and content-portfolios.ts) the categories and portfolios. Every write
// ends with siteContentChanged so the public pages show it at once.

const MemberParams = z.object({
  id: z.coerce.number({ error: 'Not a member id' }).int().positive(),
});
const ImageParams = MemberParams.extend({
  kind: z.enum(['avatar', 'banner'], { error: 'Image must be avatar or banner' }),
});
const KeyParams = z.object({ key: SiteContentKeySchema });
// The block's version the form started from (GET's `version`; `none` for the built-in default):
// a save over a newer one is refused with 409 instead of losing the other person's words.
const VersionQuery = z.object({
  version: z
    .string()
    .regex(/^(none|\d{1,20})$/, { error: 'Version must be a number or none' })
    .transform((version) => (version === 'none' ? null : version))
    .optional(),
});
const BLOCK_CHANGED =
  'Someone else saved this block after you opened it. What you typed is still here: load the saved version to see theirs, or save yours over it.';

const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });
  const team = createTeamEditorRepository(app.db);
  const portfolios = createPortfoliosRepository(app.db);
  const siteContent = createSiteContent(app.db, app.config);
  const media = app.images.site;
  const executives = { onRequest: requireRole('executive') };
  // Registered here so its uploads share the multipart limits above.
  await app.register(portfolioContentRoutes);
  await app.register(categoryContentRoutes);

  const write = createContentWriter(app.db);

  /** The default portfolio must be one that exists (as the list spells it); none is fine. */
  async function checkPortfolioExists({ defaultUsername }: SiteContent['portfolio']) {
    if (defaultUsername === null) return;
    if (!(await portfolios.findDefault(defaultUsername))) {
      throw new HttpError(400, 'No such portfolio.', {
        defaultUsername: 'Default portfolio: pick one of the portfolios',
      });
    }
  }

  app.get('/content/team', executives, async () => ({
    categories: await team.listCategories(),
    members: await team.listMembers(),
  }));

  app.post('/content/team/members', executives, async (request, reply) => {
    const input = parseWith(TeamMemberEditSchema, request.body);
    const member = await write(() => team.createMember(input));
    return reply.code(201).send(member);
  });

  app.put('/content/team/members/:id', executives, async (request) => {
    const { id } = parseWith(MemberParams, request.params);
    const input = parseWith(TeamMemberEditSchema, request.body);
    const member = await write(() => team.updateMember(id, input));
    if (!member) throw new HttpError(404, 'No such member.');
    return member;
  });

  app.delete('/content/team/members/:id', executives, async (request, reply) => {
    const { id } = parseWith(MemberParams, request.params);
    if (!(await write(() => team.deleteMember(id)))) throw new HttpError(404, 'No such member.');
    return reply.code(204).send();
  });

  // One image file as multipart (field `image`): its type checked by its bytes, never its name.
  app.post('/content/team/members/:id/:kind', executives, async (request) => {
    const { id, kind } = parseWith(ImageParams, request.params);
    const hash = await storeImageUpload(request, media, async () =>
      Boolean(await team.findMember(id)),
    );
    if (!hash) throw new HttpError(404, 'No such member.');
    const member = await write(() => team.setImage(id, kind, siteMediaUrl(hash)));
    if (!member) throw new HttpError(404, 'No such member.');
    return member;
  });

  // The site's blocks, one key each; a value is the whole block, checked by its schema.
  app.get('/content/site/:key', executives, async (request) => {
    const { key } = parseWith(KeyParams, request.params);
    return siteContent.read(key);
  });

  app.put('/content/site/:key', executives, async (request) => {
    const { key } = parseWith(KeyParams, request.params);
    const { version } = parseWith(VersionQuery, request.query);
    const value = parseWith(SITE_CONTENT_SCHEMAS[key], request.body) as SiteContent[typeof key];
    if (key === 'portfolio') await checkPortfolioExists(value as SiteContent['portfolio']);
    await write(async () => {
      if (!(await siteContent.write(key, value, version))) {
        throw new ContentEditError(409, BLOCK_CHANGED);
      }
    });
    return siteContent.read(key);
  });

  app.delete('/content/site/:key', executives, async (request) => {
    const { key } = parseWith(KeyParams, request.params);
    const { version } = parseWith(VersionQuery, request.query);
    await write(async () => {
      if (!(await siteContent.reset(key, version))) throw new ContentEditError(409, BLOCK_CHANGED);
    });
    return siteContent.read(key);
  });
};

export default contentRoutes;
