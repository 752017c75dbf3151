import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { publicUrl } from '../../core/config';
import { utcDay } from '../../core/site/promos';
import { buildPath, matchRoute } from '../../core/site/route-paths';
import {
  NOT_FOUND_ROUTE,
  type Route,
  type RouteParams,
  type SiteSettings,
} from '../../core/site/routes';
import { CONTENT_CHANNEL, createContentVersionReader } from '../../db/repositories/content-version';
import type { InitialState } from '../../web/src/entry-server';
import { PRERENDER_HEADER, PRERENDER_TOKEN } from '../plugins/request-log';
import { createSiteSettingsReader } from '../site-settings';
import { CACHE_HIT_TIMING, createPageCache, sendCachedPage } from './page-cache';
import { buildPageHtml } from './page-html';
import { admitStaffPage } from './staff-page-access';
import { serveStaticFiles } from './static-files';
import { isDataUnavailable, PageDataError, sendUnavailablePage } from './unavailable-page';
import type { WebBuild } from './web-build';

/** `build`: the loaded `npm run build` output (loadWebBuild). */
type WebOptions = { build: WebBuild };

/** In the build's root (from web/public; drawn by scripts/make-share-images.ts). */
const SHARE_IMAGE_PATH = '/og-image.png';

/**
 * The canonical path is rebuilt from the route table, never copied from the request target: a
 * target like `http://evil.example/blog`, `/\\evil.example` or `//evil.example` must not become
 * the page's canonical or og:url. The 404 page names the site root.
 */
function canonicalPathOf(route: Route, params: RouteParams, headPath: string | undefined): string {
  if (route.id === NOT_FOUND_ROUTE.id) return '/';
  return headPath ?? buildPath(route, params);
}

/** The route pattern metrics count a page under. */
const metricsRouteOf = (route: Route) => (route.path === '*' ? '/*' : route.path);

/**
 * Serves the built assets and every page of the route table (unknown paths: the 404 page).
 * What a route's flags say: `prerender`, the HTML is rendered here with the page's data;
 * `cache`, the final page (compressed once) is kept in the page cache until the content
 * version or the UTC day changes (docs/decisions/023-page-cache.md) and may be stored by
 * browsers, otherwise it is rendered for each request and sent `private, no-store` (staff).
 */
const webPlugin: FastifyPluginAsync<WebOptions> = async (app, { build }) => {
  const siteUrl = publicUrl(app.config);
  const shareImageUrl = new URL(SHARE_IMAGE_PATH, siteUrl).href;
  const pages = createPageCache();
  // Bound once: a labelled counter looked up on every hit is measurable.
  const pageHits = app.metrics.pageCache.labels({ result: 'hit' });
  const pageMisses = app.metrics.pageCache.labels({ result: 'miss' });
  const contentVersion = createContentVersionReader(app.db);
  // A bump in any process is heard here once committed (docs/decisions/049); the reader's
  // once-a-second read remains for a notification lost while reconnecting.
  const stopListening = await app.database.listen(CONTENT_CHANNEL, () =>
    contentVersion.invalidate(),
  );
  app.addHook('onClose', async () => {
    await stopListening().catch(() => {});
  });
  const readSiteSettings = createSiteSettingsReader(app.db, app.config);

  await serveStaticFiles(app, build.clientDir);

  // The day is in the key: pages show the year, and promotions run by date. Worked out once
  // a day, not per request.
  let day = { text: '', ends: 0 };
  function today(): string {
    const now = Date.now();
    if (now >= day.ends) {
      const date = new Date(now);
      const ends = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
      day = { text: utcDay(date), ends };
    }
    return day.text;
  }
  const generationOf = (version: number) => `${version}:${today()}`;

  // Read once per generation, as the pages are: every write of what the frame shows bumps the
  // content version. Kept, it lets a page of fixed text render while the database is away.
  let settings: { generation: string; read: Promise<SiteSettings> } | undefined;
  function siteSettingsFor(generation: string): Promise<SiteSettings> {
    if (settings?.generation === generation) return settings.read;
    const kept = { generation, read: readSiteSettings(new Date()) };
    settings = kept;
    // A failed read is not kept: the next render reads again.
    kept.read.catch(() => {
      if (settings === kept) settings = undefined;
    });
    return kept.read;
  }
  /** What the page cache stores of a render: stored content that is not there is a 404. */
  const storable = ({ html, missing }: { html: string; missing: boolean }) => ({
    html,
    status: missing ? 404 : 200,
  });

  async function loadApiSnapshot(urls: string[]) {
    const answers = await Promise.all(
      urls.map(async (url) => {
        // The page shows exactly what the API answers, so it goes through the API itself.
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { [PRERENDER_HEADER]: PRERENDER_TOKEN },
        });
        // Never rendered (nor stored) without data the API could not read: a 503 while the
        // database is away would otherwise become a page of missing content.
        if (response.statusCode >= 500) throw new PageDataError(url, response.statusCode);
        return [url, response.statusCode === 200 ? response.json() : undefined] as const;
      }),
    );
    // In the route's order, not the order the answers came in: the same data always makes the
    // same bytes, so every process's page (and its ETag) is the same.
    const snapshot: Record<string, unknown> = {};
    for (const [url, body] of answers) if (body !== undefined) snapshot[url] = body;
    return snapshot;
  }

  /** The page's HTML; `timing` (a Server-Timing entry) says how long rendering took. */
  async function renderBody(route: Route, pathname: string, state: InitialState) {
    if (!route.prerender) return { body: '', timing: 'render;desc="browser"' };
    const started = performance.now();
    const body = await build.renderPage(pathname, state);
    return { body, timing: `render;dur=${(performance.now() - started).toFixed(1)}` };
  }

  /** The whole page as rendered now from the data of `generation`; `missing`: answer 404. */
  async function renderPage(
    generation: string,
    pathname: string,
    route: Route,
    params: RouteParams,
  ) {
    // Stored content every page's frame shows (the nav's services, the support e-mail…); an
    // edit bumps the content version, so the cached pages render again with it (decision 024).
    const settings = await siteSettingsFor(generation);
    const state: InitialState = {
      site: settings,
      api: route.prerender ? await loadApiSnapshot(route.data?.(params, settings) ?? []) : {},
    };
    const { body, timing } = await renderBody(route, pathname, state);
    const head = route.head(params, state.api);
    // Stored content that is not there (an unknown blog post): the page renders its 404 text.
    const missing = route.id === 'not-found' || route.found?.(params, state.api) === false;
    const html = buildPageHtml(build.template, {
      head,
      // A missing post names the site root, as the 404 page does.
      canonicalUrl: new URL(
        canonicalPathOf(missing ? NOT_FOUND_ROUTE : route, params, head.canonicalPath),
        siteUrl,
      ).href,
      imageUrl: shareImageUrl,
      // Kept out of the route table so the browser's bundle stays within its budget.
      ogType: route.id === 'blog-post' && !missing ? 'article' : 'website',
      body,
      state,
      preload: build.pageAssets(route),
    });
    return { html, timing, missing };
  }

  /**
   * Every page but a stored one (servePage). While the database is away, a page that needs it
   * (not stored for the content version in hand, or a staff page) is the 503 page.
   */
  async function answerPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    try {
      return await servePage(request, reply, pathname);
    } catch (error) {
      if (!isDataUnavailable(error)) throw error;
      return sendUnavailablePage(request, reply);
    }
  }

  /** The route's access, then the cache or a render. */
  async function servePage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const { route, params } = matchRoute(pathname);
    request.metricsRoute = metricsRouteOf(route);
    if (route.access === 'staff' && !(await admitStaffPage(request, reply))) return reply;
    const generation = generationOf(await contentVersion());
    // No page reads the query string, so it is not part of the key.
    if (route.cache && route.id !== 'not-found') {
      let timing = CACHE_HIT_TIMING;
      const page = await pages.get(generation, pathname, async () => {
        const rendered = await renderPage(generation, pathname, route, params);
        timing = rendered.timing;
        return { ...storable(rendered), route: metricsRouteOf(route) };
      });
      (timing === CACHE_HIT_TIMING ? pageHits : pageMisses).inc();
      return sendCachedPage(request, reply, page, timing);
    }
    const { html, timing, missing } = await renderPage(generation, pathname, route, params);
    return reply
      .status(missing ? 404 : 200)
      .header('cache-control', route.cache ? 'no-cache' : 'private, no-store')
      .header('server-timing', timing)
      .type('text/html; charset=utf-8')
      .send(html);
  }

  // Not an async function: the common answer, a page stored for the content version in hand,
  // is sent without a promise (the awaits it skips were about a tenth of a hit's CPU). Only
  // cacheable public pages are stored, so a stored one needs no route match or access check.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Collapsed leading slashes: `//host/x` must not become a canonical URL on another host.
    const pathname = path.replace(/^\/+/, '/');
    if (pathname.startsWith('/api/')) {
      reply.callNotFound();
      return;
    }
    const version = contentVersion();
    const stored =
      typeof version === 'number' ? pages.stored(generationOf(version), pathname) : undefined;
    if (!stored) return answerPage(request, reply, pathname);
    request.metricsRoute = stored.route;
    pageHits.inc();
    sendCachedPage(request, reply, stored, CACHE_HIT_TIMING);
  });
};

export default webPlugin;
