import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, routeParamNames } from './route-paths';
import { NOT_FOUND_ROUTE, ROUTES, signInPath } from './routes';

const STAFF_AREAS = /^\/(staff|dashboard)(\/|$)/;

describe('the route table', () => {
  it('has one entry per id and per path, with only literal and :name segments', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path.toLowerCase())).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(route.path).toMatch(/^(\/([\w-]+|:[\w-]+))+$|^\/$/);
  });

  it('keeps /staff and /dashboard in the staff layout: staff only, never cached nor listed', () => {
    for (const route of ROUTES) {
      const staffArea = STAFF_AREAS.test(route.path);
      expect(route.layout === 'staff', route.path).toBe(staffArea);
      if (!staffArea) continue;
      expect(route, route.path).toMatchObject({ access: 'staff', cache: false, sitemap: false });
    }
  });

  it('lists and caches only public pages, and lists only pages the server renders', () => {
    for (const route of [...ROUTES, NOT_FOUND_ROUTE]) {
      if (route.cache || route.sitemap) expect(route.access, route.path).toBe('public');
      if (route.sitemap) expect(route.prerender, route.path).toBe(true);
    }
    expect(NOT_FOUND_ROUTE.sitemap).toBe(false);
  });
});

describe('matchRoute', () => {
  it('finds every route at its own path', () => {
    for (const route of ROUTES) {
      const params = Object.fromEntries(routeParamNames(route).map((name) => [name, 'x']));
      expect(matchRoute(buildPath(route, params))).toEqual({ route, params });
    }
  });

  it('matches as react-router does: any letter case, trailing slashes, decoded parameters', () => {
    expect(matchRoute('/Blog/').route.id).toBe('blog');
    expect(matchRoute('/team/portfolios/Ash%20GFX')).toMatchObject({
      route: { id: 'portfolio' },
      params: { username: 'Ash GFX' },
    });
    expect(matchRoute('/team/portfolios/a%2Fb').params).toEqual({ username: 'a/b' });
    // A malformed escape is matched as it is, not thrown on.
    expect(matchRoute('/team/portfolios/%E0%A4%A').params).toEqual({ username: '%E0%A4%A' });
  });

  it('answers the 404 route for anything else', () => {
    for (const path of ['/nope', '/team/portfolios', '/team/portfolios/a/b', '/staff', '/blogs']) {
      expect(matchRoute(path), path).toEqual({ route: NOT_FOUND_ROUTE, params: {} });
    }
  });
});

describe('buildPath and signInPath', () => {
  it('encode what they put into a URL', () => {
    const portfolio = ROUTES.find((route) => route.id === 'portfolio');
    expect(portfolio && buildPath(portfolio, { username: 'a b/c' })).toBe(
      '/team/portfolios/a%20b%2Fc',
    );
    expect(signInPath('/staff/x?y=1')).toBe('/signin?next=%2Fstaff%2Fx%3Fy%3D1');
  });
});
