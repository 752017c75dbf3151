import { describe, expect, it } from 'vitest';
import { isStaffPagePath } from '../../core/auth';
import { buildPath, matchRoute, routeParamNames } from '../../core/site/route-paths';
import { ROUTES, type Route } from '../../core/site/routes';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// The server's page matching, rendering, HTML cache and sitemap.xml all follow the one route
// table (core/site/routes.ts); the router's side is held to it in web/src/app-routes.test.ts.

const SITE = 'https://lunar.example';
// A value the seeded database knows, per parameter name.
const SAMPLE_PARAMS: Record<string, string> = { username: 'novadev', slug: 'welcome-to-lunar' };
const samplePath = (route: Route) =>
  buildPath(
    route,
    Object.fromEntries(
      routeParamNames(route).map((name) => [name, SAMPLE_PARAMS[name] ?? 'novadev']),
    ),
  );

const staffRoutes = ROUTES.filter((route) => route.layout === 'staff');
const cachedRoutes = ROUTES.filter((route) => route.cache);

describe('pages from the route table (built web app)', () => {
  const server = useTestApp('pglite', { seed: true, web: true, env: { PUBLIC_URL: SITE } });
  // Staff pages need a staff session (DESIGN.md decision 6; guard: staff-pages.test.ts).
  const get = async (url: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: isStaffPagePath(url)
        ? { cookie: (await signInAsStaff(server.database.db, ['staff'])).cookie }
        : {},
    });

  it('lists every public page in sitemap.xml and nothing from /staff or /dashboard', async () => {
    const body = (await get('/sitemap.xml')).body;
    const paths = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? '').pathname,
    );
    for (const route of ROUTES) {
      const listed = paths.filter((path) => matchRoute(path).route.id === route.id);
      if (route.sitemap) expect(listed.length, route.path).toBeGreaterThan(0);
      else expect(listed, route.path).toEqual([]);
    }
    expect(paths.filter((path) => matchRoute(path).route.id === 'not-found')).toEqual([]);
    expect(paths.filter((path) => /^\/(staff|dashboard)(\/|$)/.test(path))).toEqual([]);
    expect(ROUTES.filter((route) => route.sitemap && !routeParamNames(route).length)).not.toEqual(
      [],
    );
  });

  it.each(ROUTES.map((route) => [route.id, samplePath(route)]))(
    '%s (%s) is matched and rendered on the server, its page chunk preloaded',
    async (id, path) => {
      const route = matchRoute(path).route;
      expect(route.id).toBe(id);
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      const preload = `<link rel="modulepreload" crossorigin href="/assets/`;
      expect(response.body).toContain(`${preload}${id}-`);
      // Each script once, none in <head>: first paint needs only the HTML, its CSS inline.
      const scripts = [...response.body.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map(
        (match) => match[1],
      );
      expect(scripts.length).toBeGreaterThan(1);
      expect(new Set(scripts).size).toBe(scripts.length);
      const head = response.body.split('</head>')[0] ?? '';
      expect(head).not.toMatch(/modulepreload|<script type="module"/);
      expect(head).toMatch(/<style>.{1000,}<\/style>/s);
      if (route.prerender) expect(response.body).toMatch(/<div id="root"><.+/s);
    },
  );

  it.each(staffRoutes.map((route) => route.path))(
    '%s is private: sent no-store, rendered afresh each time, with the staff layout chunk',
    async (path) => {
      for (let i = 0; i < 2; i++) {
        const response = await get(path);
        expect(response.headers['cache-control']).toBe('private, no-store');
        // Prerendered staff pages render afresh; the dashboard renders in the browser.
        expect(response.headers['server-timing']).toMatch(
          matchRoute(path).route.prerender ? /^render;dur=[\d.]+$/ : /^render;desc="browser"$/,
        );
        expect(response.body).toMatch(
          /<link rel="modulepreload"[^>]* href="\/assets\/staff-layout-/,
        );
      }
    },
  );

  it.each(cachedRoutes.map((route) => samplePath(route)))(
    '%s is public: sent no-cache and reused from the page cache while its data is unchanged',
    async (path) => {
      await get(path);
      const again = await get(path);
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.headers['server-timing']).toBe('cache;desc="hit"');
      expect(again.body).not.toMatch(/staff-layout-|staff-procedure-|ticket-procedure-/);
    },
  );

  // zod and the schemas built with it cost the phone's main thread while a page hydrates
  // (issue 13's Lighthouse goal): only pages that check input in the browser load them.
  const FORM_PAGES = new Set(['contact', 'apply-moderator', 'apply-designer']);
  const pageScripts = async (path: string) => {
    const page = (await get(path)).body;
    const urls = [...page.matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    return Promise.all(urls.map(async (url) => (await get(url ?? '')).body));
  };
  it.each(
    ROUTES.filter((route) => route.access === 'public' && route.prerender).map((route) => [
      route.id,
      samplePath(route),
    ]),
  )('%s (%s) loads zod only if it has a form', async (id, path) => {
    const scripts = await pageScripts(path);
    const withZod = scripts.filter((script) => script.includes('$ZodType'));
    if (FORM_PAGES.has(id)) expect(withZod.length).toBeGreaterThan(0);
    else expect(withZod).toEqual([]);
  });
});
