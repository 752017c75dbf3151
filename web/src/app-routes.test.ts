import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, routeParamNames } from '../../core/site/route-paths';
import { NOT_FOUND_ROUTE, ROUTES } from '../../core/site/routes';
import { matchPage, ROUTE_OBJECTS } from './app-routes';
import { PAGE_LOADERS } from './pages';

// The browser's router and the server's page matching both come from core/site/routes.ts;
// these hold them to the same answers.

const samplePaths = ROUTES.flatMap((route) => {
  const params = Object.fromEntries(routeParamNames(route).map((name) => [name, 'Nova Dev']));
  const path = buildPath(route, params);
  return [path, `${path}/`, path.toUpperCase(), `${path}//`];
});
const otherPaths = [
  '/nope',
  '/staff',
  '/staff/',
  '/dashboard',
  '/team/portfolios',
  '/team/portfolios/a/b',
  '/team/portfolios/a%2Fb',
  '/team/portfolios/%E0%A4%A',
  '/team/portfolios/%C3%A9',
  '/blog/x',
];

describe('the router derived from the route table', () => {
  it('has each route once, under its layout, plus the 404 page in the public layout', () => {
    const byLayout = Object.fromEntries(
      ROUTE_OBJECTS.map((layout) => [layout.id, layout.children?.map((child) => child.id)]),
    );
    const ids = (layout: string) =>
      [...ROUTES, NOT_FOUND_ROUTE].filter((r) => r.layout === layout).map((r) => r.id);
    expect(byLayout).toEqual({ 'layout-public': ids('public'), 'layout-staff': ids('staff') });
  });

  it.each([...samplePaths, ...otherPaths])('matches %s as the server does', (path) => {
    expect(matchPage(path)).toEqual(matchRoute(path));
  });

  it('has a page module for every route, where the server looks for it to preload', () => {
    for (const route of [...ROUTES, NOT_FOUND_ROUTE]) {
      expect(PAGE_LOADERS[route.id], route.id).toBeTypeOf('function');
      expect(existsSync(join(import.meta.dirname, 'pages', `${route.id}.tsx`)), route.id).toBe(
        true,
      );
    }
  });
});
