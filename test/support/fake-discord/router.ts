import type { UploadedFile } from './body';
import type { OAuthGrant } from './oauth';
import type { FakeState } from './state';

/** Who called: the bot with its token, a user through an OAuth2 access token, or anyone. */
export type Caller = { kind: 'bot' } | { kind: 'bearer'; grant: OAuthGrant } | { kind: 'anyone' };

export interface RouteContext {
  state: FakeState;
  params: Record<string, string>;
  body: Record<string, unknown>;
  rawBody: unknown;
  files: UploadedFile[];
  query: URLSearchParams;
  baseUrl: { http: string; port: number };
  headers: Record<string, string | string[] | undefined>;
  caller: Caller;
}

export interface RouteResult {
  status: number;
  body?: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: string;
  /**
   * `bot`: `Authorization: Bot <token>`; `bearer`: an OAuth2 access token; `none`: interaction
   * callbacks and webhooks carry their token in the URL, and OAuth2's token endpoint checks the
   * client itself.
   */
  auth: 'bot' | 'bearer' | 'bot-or-bearer' | 'none';
  handle(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index++) {
    const part = want[index] ?? '';
    const actual = decodeURIComponent(got[index] ?? '');
    if (part.startsWith(':')) params[part.slice(1)] = actual;
    else if (part !== actual) return null;
  }
  return params;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method' }
  | { kind: 'none' };

/** The matching route with the fewest parameters wins: `/users/@me` before `/users/:userId`. */
export function findRoute(routes: Route[], method: string, path: string): RouteMatch {
  let pathKnown = false;
  let best: { route: Route; params: Record<string, string> } | undefined;
  for (const route of routes) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    pathKnown = true;
    if (route.method !== method) continue;
    if (!best || Object.keys(params).length < Object.keys(best.params).length) {
      best = { route, params };
    }
  }
  if (best) return { kind: 'found', ...best };
  return pathKnown ? { kind: 'wrong-method' } : { kind: 'none' };
}
