import { describe, expect, it } from 'vitest';
import { buildPath, routeParamNames } from '../../core/site/route-paths';
import { ROUTES, SIGN_IN_PATH } from '../../core/site/routes';
import { useBrowserSite, waitForPage } from './support';

// Every public page loads and hydrates under the site's Content-Security-Policy without a
// single violation (Lighthouse's best-practices audit counts each as a console error).
// The public site's pages, with params that exist in the seeded database. The sign-in page is
// one too: signed out is its expected state, so it must log no error either.
const PARAMS: Record<string, string> = { username: 'novadev', slug: 'welcome-to-lunar' };
const PUBLIC_PATHS = ROUTES.filter(
  (route) => route.layout === 'public' && (route.prerender || route.path === SIGN_IN_PATH),
).map((route) =>
  buildPath(
    route,
    Object.fromEntries(routeParamNames(route).map((name) => [name, PARAMS[name] ?? 'x'])),
  ),
);

describe('Content-Security-Policy', () => {
  const site = useBrowserSite();

  it('no public page violates it or logs a console error', async () => {
    const page = await site.browser.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      );
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    const violations: Record<string, string[]> = {};
    expect(PUBLIC_PATHS).toContain(SIGN_IN_PATH);
    for (const path of PUBLIC_PATHS) {
      await page.goto(site.url + path);
      await waitForPage(page);
      // Everything the page loads, images and API answers after hydration too.
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      if (seen.length) violations[path] = seen;
    }
    expect(violations).toEqual({});
    expect(errors).toEqual([]);
    await page.close();
  });
});
