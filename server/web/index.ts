import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { publicUrl } from '../../core/config';
import { utcDay } from '../../core/site/promos';
import {
  buildPath,
  matchRoute,
  NOT_FOUND_ROUTE,
  type Route,
  type RouteParams,
} from '../../core/site/routes';
import type { InitialState } from '../../web/src/entry-server';
import { PRERENDER_HEADER, PRERENDER_TOKEN } from '../plugins/request-log';
import { buildPageHtml } from './page-html';
import { createRenderCache } from './render-cache';
import { loadWebBuild, type WebBuild } from './web-build';

export type WebOptions = { distDir: string };

/** In the build's root (from web/public; drawn by scripts/make-share-images.ts). */
export const SHARE_IMAGE_PATH = '/og-image.png';
const SHARE_FILES = new Set([SHARE_IMAGE_PATH, '/favicon.ico']);
const SHARE_FILE_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * The canonical path is rebuilt from the route table, never copied from the request target: a
 * target like `http://evil.example/blog`, `/\\evil.example` or `//evil.example` must not become
 * the page's canonical or og:url. The 404 page names the site root.
 */
export function canonicalPathOf(
  route: Route,
  params: RouteParams,
  headPath: string | undefined,
): string {
  if (route.id === NOT_FOUND_ROUTE.id) return '/';
  return headPath ?? buildPath(route, params);
}

/**
 * Serves the built assets and every page of the route table (unknown paths: the 404 page).
 * What a route's flags say: `prerender`, the HTML is rendered here with the page's data;
 * `cache`, that HTML is reused while the data is unchanged and may be stored by browsers,
 * otherwise it is rendered for each request and sent `private, no-store` (staff pages).
 */
const webPlugin: FastifyPluginAsync<WebOptions> = async (app, { distDir }) => {
  const build: WebBuild = await loadWebBuild(distDir);
  const siteUrl = publicUrl(app.config);
  const shareImageUrl = new URL(SHARE_IMAGE_PATH, siteUrl).href;
  const rendered = createRenderCache();
  const site = {
    supportEmail: app.config.SUPPORT_EMAIL,
    discordInviteUrl: app.config.DISCORD_INVITE_URL,
    defaultPortfolioUsername: app.config.DEFAULT_PORTFOLIO_USERNAME,
    blogPasscodeSignIn: Boolean(app.config.BLOG_ADMIN_PASSCODE),
    retentionMonths: app.config.RETENTION_MONTHS,
  };

  // The share card and favicon.ico keep fixed names (link previews and browsers ask for them
  // by name), so they cannot be `immutable`; a month is long enough for caches to matter.
  app.addHook('onSend', async (request, reply) => {
    if (SHARE_FILES.has(request.url) && reply.statusCode === 200) {
      reply.header('cache-control', `public, max-age=${SHARE_FILE_MAX_AGE}`);
    }
  });

  await app.register(fastifyStatic, {
    root: `${build.clientDir}/assets`,
    prefix: '/assets/',
    preCompressed: true,
    maxAge: '365d',
    immutable: true,
  });
  await app.register(fastifyStatic, {
    root: build.clientDir,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    maxAge: '1h',
    // The template and the manifest are server inputs, not public files.
    allowedPath: (pathname) => !pathname.endsWith('.html') && !pathname.startsWith('/.vite'),
    globIgnore: ['index.html', '.vite/**', 'assets/**'],
  });

  async function loadApiSnapshot(urls: string[]) {
    const snapshot: Record<string, unknown> = {};
    await Promise.all(
      urls.map(async (url) => {
        // The page shows exactly what the API answers, so it goes through the API itself.
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { [PRERENDER_HEADER]: PRERENDER_TOKEN },
        });
        if (response.statusCode === 200) snapshot[url] = response.json();
      }),
    );
    return snapshot;
  }

  /** The page's HTML; `timing` (a Server-Timing entry) says whether it was rendered or reused. */
  async function renderBody(route: Route, pathname: string, state: InitialState) {
    if (!route.prerender) return { body: '', timing: 'render;desc="browser"' };
    const started = performance.now();
    let renderedNow = false;
    const render = () => {
      renderedNow = true;
      return build.renderPage(pathname, state);
    };
    // No page reads the query string, so it is neither rendered nor part of the cache key. The
    // whole state is: a new year must not be served from last year's render.
    const body = route.cache ? await rendered.render(pathname, state, render) : await render();
    const timing = renderedNow
      ? `render;dur=${(performance.now() - started).toFixed(1)}`
      : 'render;desc="cached"';
    return { body, timing };
  }

  app.get('/*', async (request, reply) => {
    const url = request.url;
    // Collapsed leading slashes: `//host/x` must not become a canonical URL on another host.
    const pathname = (url.split('?')[0] ?? '/').replace(/^\/+/, '/');
    if (pathname.startsWith('/api/')) return reply.callNotFound();

    const { route, params } = matchRoute(pathname);
    const now = new Date();
    const settings = { ...site, year: now.getUTCFullYear(), today: utcDay(now) };
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
    return reply
      .status(missing ? 404 : 200)
      .header('cache-control', route.cache ? 'no-cache' : 'private, no-store')
      .header('server-timing', timing)
      .type('text/html; charset=utf-8')
      .send(html);
  });
};

export default webPlugin;
