import type { FastifyPluginAsync } from 'fastify';
import { SITE_CONTENT_URL, type SiteContent } from '../../../core/site/site-content';
import { createSiteContentRepository } from '../../../db/repositories/site-content';

/** The home page's editable blocks (promos, services, pricing, stats), stored or default. */
const siteContentRoutes: FastifyPluginAsync = async (app) => {
  const content = createSiteContentRepository(app.db);
  app.get(SITE_CONTENT_URL, async (): Promise<SiteContent> => content.readAll());
};

export default siteContentRoutes;
