import type { FastifyPluginAsync } from 'fastify';
import { publicUrl } from '../../../core/config';
import { buildPath, routeParamNames } from '../../../core/site/route-paths';
import { ROUTES, type RouteId, type RouteParams } from '../../../core/site/routes';
import { escapeXml } from '../../../core/team/avatar';
import { createBlogPostsRepository } from '../../../db/repositories/blog-posts';
import { createPortfoliosRepository } from '../../../db/repositories/portfolios';

const DAY_SECONDS = 24 * 60 * 60;

/** The routes listed in sitemap.xml, in table order. */
const SITEMAP_ROUTES = ROUTES.filter((route) => route.sitemap);

const seoRoutes: FastifyPluginAsync = async (app) => {
  const portfolios = createPortfoliosRepository(app.db);
  const blogPosts = createBlogPostsRepository(app.db);
  const siteUrl = publicUrl(app.config);

  // Every value a listed route with parameters takes; a start-up check keeps this complete.
  const listParams: Partial<Record<RouteId, () => Promise<RouteParams[]>>> = {
    portfolio: async () => (await portfolios.listUsernames()).map((username) => ({ username })),
    'blog-post': async () => (await blogPosts.listSlugs()).map((slug) => ({ slug })),
  };
  for (const route of SITEMAP_ROUTES) {
    if (routeParamNames(route).length > 0 && !listParams[route.id]) {
      throw new Error(`sitemap.xml: no way to list the values of ${route.path}`);
    }
  }

  async function listSitemapPaths(): Promise<string[]> {
    const paths = await Promise.all(
      SITEMAP_ROUTES.map(async (route) => {
        const list = listParams[route.id];
        if (!list) return [buildPath(route)];
        return (await list()).map((params) => buildPath(route, params));
      }),
    );
    return paths.flat();
  }

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
    const urls = (await listSitemapPaths()).map(
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
