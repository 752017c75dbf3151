import type { FastifyPluginAsync } from 'fastify';
import { publicUrl } from '../../../core/config';
import { listStaticPublicPaths, portfolioPath } from '../../../core/site/pages';
import { escapeXml } from '../../../core/team/avatar';
import { createPortfoliosRepository } from '../../../db/repositories/portfolios';

const DAY_SECONDS = 24 * 60 * 60;

const seoRoutes: FastifyPluginAsync = async (app) => {
  const portfolios = createPortfoliosRepository(app.db);
  const siteUrl = publicUrl(app.config);

  app.get('/robots.txt', async (_request, reply) => {
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${DAY_SECONDS}`);
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /staff/',
      'Disallow: /dashboard',
      'Disallow: /api/',
      '',
      `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const usernames = await portfolios.listUsernames();
    const paths = [...listStaticPublicPaths(), ...usernames.map(portfolioPath)];
    const urls = paths.map(
      (path) => `  <url><loc>${escapeXml(new URL(path, siteUrl).href)}</loc></url>`,
    );
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  });
};

export default seoRoutes;
