import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed names never change content: browsers keep them a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The share card and favicon.ico keep fixed names (link previews and browsers ask for them by
 * name), so they cannot be immutable; a month is long enough for caches to matter.
 */
const SHARE_FILES = new Set(['og-image.png', 'favicon.ico']);
const SHARE_FILE_CACHE = `public, max-age=${30 * 24 * 60 * 60}`;
/** Other unhashed files (favicon.svg and the like) may change with a deploy. */
const SHORT = 'public, max-age=3600';

/**
 * The client build's files through @fastify/static: one route per file found at start
 * (`wildcard: false`), so unknown paths fall through to the page route and its 404 page, and
 * the `.br`/`.gz` files scripts/precompress.ts made are sent to clients that accept them
 * (`preCompressed`). The template and the Vite manifest are server inputs, not public files.
 */
export async function serveStaticFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['index.html', '.vite/**', '**/*.gz', '**/*.br'],
    // Cache-Control is ours (below); send's own would say max-age=0.
    cacheControl: false,
    setHeaders(response, path) {
      const name = relative(clientDir, path).split(sep).join('/');
      response.setHeader(
        'cache-control',
        name.startsWith('assets/') ? IMMUTABLE : SHARE_FILES.has(name) ? SHARE_FILE_CACHE : SHORT,
      );
      // The bytes depend on Accept-Encoding (a .br or .gz copy may be sent): shared caches
      // must not hand one client's encoding to another.
      response.setHeader('vary', 'accept-encoding');
    },
  });
}
