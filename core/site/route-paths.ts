import { NOT_FOUND_ROUTE, ROUTES, type Route, type RouteParams } from './routes';

// From a URL path to its route and back, for the table in ./routes.ts.

export type RouteMatch = { route: Route; params: RouteParams };

// react-router's own pattern rules for literal and `:name` segments: case-insensitive,
// trailing slashes allowed, matched against the decoded path. A test holds the two together.
// Built on first use, so a bundle that matches with react-router itself leaves this out.
let matchers: { route: Route; names: string[]; pattern: RegExp }[] | undefined;

function compileRoutes() {
  return ROUTES.map((route) => {
    const names: string[] = [];
    const source = route.path
      .replace(/\/*$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_match, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
    return { route, names, pattern: new RegExp(`^${source}\\/*$`, 'i') };
  });
}

function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

export function matchRoute(pathname: string): RouteMatch {
  const decoded = decodePath(pathname);
  matchers ??= compileRoutes();
  for (const { route, names, pattern } of matchers) {
    const match = pattern.exec(decoded);
    if (!match) continue;
    const params: RouteParams = {};
    names.forEach((name, index) => {
      params[name] = (match[index + 1] ?? '').replace(/%2F/g, '/');
    });
    return { route, params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/** A route's URL for the given parameters, e.g. `/team/portfolios/nova`. */
export function buildPath(route: Route, params: RouteParams = {}): string {
  return route.path.replace(/:([\w-]+)/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/** The parameter names in a route's path, e.g. `['username']`. */
export function routeParamNames(route: Route): string[] {
  return [...route.path.matchAll(/:([\w-]+)/g)].map((match) => match[1] ?? '');
}
