import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseBody } from './body';
import { type DiscordErrorBody, ENTITY_TOO_LARGE, HttpError, unauthorized } from './errors';
import { sendFault, takeChannelCreateLimit, takeDelay, takeFault } from './faults';
import { findAccessGrant } from './oauth';
import { type Caller, findRoute, type Route, type RouteContext } from './router';
import { type FakeState, type RecordedRequest, toRecordedFiles } from './state';

function bucketOf(method: string, pattern: string): string {
  return createHash('sha1').update(`${method} ${pattern}`).digest('hex').slice(0, 16);
}

// A roomy bucket on every answer, so @discordjs/rest never throttles itself between calls.
function sendJson(res: ServerResponse, status: number, body: unknown, bucket: string): void {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': '50',
    'x-ratelimit-remaining': '49',
    'x-ratelimit-reset': String(Date.now() / 1000 + 1),
    'x-ratelimit-reset-after': '1',
    'x-ratelimit-bucket': bucket,
  };
  if (status === 204 || body === undefined) {
    res.writeHead(status === 200 ? 204 : status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, body: DiscordErrorBody): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Who may call this route with these headers; throws Discord's 401 otherwise. */
function authenticate(state: FakeState, route: Route, header: string | undefined): Caller {
  if (route.auth === 'none') return { kind: 'anyone' };
  const [scheme = '', token = ''] = (header ?? '').split(' ');
  const botAllowed = route.auth === 'bot' || route.auth === 'bot-or-bearer';
  const bearerAllowed = route.auth === 'bearer' || route.auth === 'bot-or-bearer';
  if (botAllowed && scheme === 'Bot' && token === state.token && !state.tokenRevoked) {
    return { kind: 'bot' };
  }
  const grant = bearerAllowed && scheme === 'Bearer' ? findAccessGrant(state, token) : undefined;
  if (grant) return { kind: 'bearer', grant };
  throw unauthorized();
}

/** Serves a non-API page (the CDN, OAuth2's authorize page); false when the path is not one. */
export type Page = (state: FakeState, url: URL, res: ServerResponse) => boolean;

async function answer(
  state: FakeState,
  routes: Route[],
  request: RecordedRequest,
  req: IncomingMessage,
  res: ServerResponse,
  ctxBase: Pick<RouteContext, 'files' | 'query' | 'baseUrl' | 'rawBody' | 'headers'>,
): Promise<void> {
  const match = findRoute(routes, request.method, request.path);
  if (match.kind === 'none') throw new HttpError(404, { message: '404: Not Found', code: 0 });
  if (match.kind === 'wrong-method') {
    throw new HttpError(405, { message: '405: Method Not Allowed', code: 0 });
  }
  const caller = authenticate(state, match.route, req.headers.authorization);
  const bucket = bucketOf(request.method, match.route.pattern);
  const delayMs = takeDelay(state, request);
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const fault = takeFault(state, request) ?? takeChannelCreateLimit(state, request);
  if (fault) {
    request.status = fault.status;
    return sendFault(res, fault, bucket);
  }
  const body = ctxBase.rawBody && typeof ctxBase.rawBody === 'object' ? ctxBase.rawBody : {};
  const result = await match.route.handle({
    ...ctxBase,
    state,
    params: match.params,
    body: body as Record<string, unknown>,
    caller,
  });
  request.status = result.status;
  sendJson(res, result.status, result.body, bucket);
}

export function createRestHandler(
  state: FakeState,
  routes: Route[],
  pages: Page[],
  getPort: () => number,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (pages.some((page) => page(state, url, res))) return;
    const prefix = /^\/api(\/v\d+)?(?=\/)/.exec(url.pathname);
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: prefix ? url.pathname.slice(prefix[0].length) : url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: undefined,
      files: [],
      status: 0,
      rejected: false,
      at: Date.now(),
    };
    state.requests.push(request);
    res.on('close', () => {
      if (!res.writableFinished) request.abandoned = true;
    });
    try {
      if (!prefix) throw new HttpError(404, { message: '404: Not Found', code: 0 });
      const parsed = await parseBody(req).catch(() => {
        throw new HttpError(400, {
          message: 'The request body contains invalid JSON.',
          code: 50109,
        });
      });
      request.body = parsed.json;
      request.files = toRecordedFiles(parsed.files);
      if (parsed.size > state.maxRequestBytes) {
        throw new HttpError(
          413,
          { message: 'Request entity too large', code: ENTITY_TOO_LARGE },
          true,
        );
      }
      const port = getPort();
      await answer(state, routes, request, req, res, {
        files: parsed.files,
        query: url.searchParams,
        rawBody: parsed.json,
        baseUrl: { http: `http://127.0.0.1:${port}`, port },
        headers: req.headers,
      });
    } catch (error) {
      if (error instanceof HttpError) {
        request.status = error.status;
        request.rejected = error.rejected;
        return sendError(res, error.status, error.body);
      }
      request.status = 500;
      console.error('fake-discord: route failed', error);
      sendError(res, 500, { message: '500: Internal Server Error', code: 0 });
    }
  };
}
