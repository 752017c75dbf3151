import type { FastifyPluginAsync } from 'fastify';
import { activePromos, utcDay } from '../../../core/site/promos';
import { SITE_CONTENT_URL, type SiteContent } from '../../../core/site/site-content';
import { createSiteContent } from '../../site-settings';

/** The site's editable blocks (promos, services, pricing, stats, settings), stored or default. */
const siteContentRoutes: FastifyPluginAsync = async (app) => {
  const content = createSiteContent(app.db, app.config);
  app.get(SITE_CONTENT_URL, async (): Promise<SiteContent> => {
    const stored = await content.readAll();
    // Only the promos running today (UTC): the page embeds this answer, and a promo not yet
    // started must not be readable in it before its day.
    return { ...stored, promos: activePromos(stored.promos, utcDay(new Date())) };
  });
};

export default siteContentRoutes;
