import type { FastifyReply, FastifyRequest } from 'fastify';
import { connectionErrorCode } from '../../db/availability';

/** What a browser is told to wait, as the API's 503 says (server/plugins/errors.ts). */
const RETRY_AFTER_SECONDS = 5;

/**
 * An API answer a page is rendered from was a server error (a 503 while the database is
 * away): the page is neither rendered without that data nor stored.
 */
export class PageDataError extends Error {
  constructor(
    readonly url: string,
    readonly statusCode: number,
  ) {
    super(`${url} answered ${statusCode} while a page was rendered from it`);
  }
}

/** Whether `error` means the page's data cannot be read now (the database is unreachable). */
export function isDataUnavailable(error: unknown): boolean {
  return (
    connectionErrorCode(error) !== undefined ||
    (error instanceof PageDataError && error.statusCode === 503)
  );
}

// Plain HTML without the app: rendering the site's frame would itself need stored content.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable — Lunar</title>
</head>
<body>
<main>
<h1>This page is temporarily unavailable</h1>
<p>We cannot reach our database right now, so this page cannot be shown. Please try again in a few seconds.</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;

/**
 * The page a browser gets for a page that cannot be rendered while the database is away:
 * 503 with Retry-After, never stored (the next request renders it once the data is back).
 */
export function sendUnavailablePage(request: FastifyRequest, reply: FastifyReply) {
  // db/availability.ts logged the outage itself once; each refusal only needs a line.
  request.log.info('page refused: its data is unavailable');
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(PAGE);
}
