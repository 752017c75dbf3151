import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A page's final bytes in every encoding we send, compressed once when it was stored. */
type CachedPage = {
  /** 200, or 404 for stored content that is not there (an unknown blog post). */
  status: number;
  /** The route table's pattern the page was rendered for (what metrics count it under). */
  route: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
};

/** What a render hands the cache to store. */
type RenderedPage = { html: string; status: number; route: string };

/** An entry: its render in progress, and the page once stored. */
type Entry = { filling: Promise<CachedPage>; page?: CachedPage };

/**
 * The final HTML of public pages by path, for one content version and UTC day at a time
 * (the key the caller passes as `generation`): when it changes, every entry goes. A hit is a
 * map lookup: no query, no render, no compression. Concurrent misses for one page share one
 * render. Least recently used entries go first; the bound keeps arbitrary URLs (portfolio
 * usernames) from growing it. Only cacheable public pages are ever stored, so a stored page
 * may be sent without matching its route again.
 */
export function createPageCache(limit = 200) {
  let current = '';
  const entries = new Map<string, Entry>();
  function entryOf(generation: string, pathname: string): Entry | undefined {
    if (generation !== current) {
      entries.clear();
      current = generation;
    }
    const entry = entries.get(pathname);
    if (entry) {
      // Moved to the end, where eviction reaches it last.
      entries.delete(pathname);
      entries.set(pathname, entry);
    }
    return entry;
  }
  return {
    /**
     * The page as stored, without waiting: the common answer needs no promise at all
     * (about a tenth of a hit's CPU went to the turns of the awaits it replaces).
     */
    stored(generation: string, pathname: string): CachedPage | undefined {
      return entryOf(generation, pathname)?.page;
    },
    /** The page, rendered by `render` (shared by concurrent misses) unless stored. */
    get(
      generation: string,
      pathname: string,
      render: () => Promise<RenderedPage>,
    ): Promise<CachedPage> {
      const hit = entryOf(generation, pathname);
      if (hit) return hit.filling;
      const entry: Entry = {
        filling: render()
          .then(compressPage)
          .then((page) => {
            entry.page = page;
            return page;
          }),
      };
      entries.set(pathname, entry);
      // A failed render is not remembered: the next request tries again.
      entry.filling.catch(() => {
        if (entries.get(pathname) === entry) entries.delete(pathname);
      });
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
      return entry.filling;
    },
    get size() {
      return entries.size;
    },
  };
}

async function compressPage({ html, status, route }: RenderedPage): Promise<CachedPage> {
  const identity = Buffer.from(html);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  // Strong: the bytes of one representation; the suffix tells the encodings apart.
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { status, route, etag: hash, identity, gzip: gzipped, br: brotli };
}

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Choices already made, by Accept-Encoding value: browsers send a handful of distinct values,
 * and parsing one on every hit was a few percent of its CPU. Cleared when it grows, so odd
 * values cannot grow it without bound.
 */
const encodingChoices = new Map<string, Encoding>();
const ENCODING_CHOICES_LIMIT = 64;

/** br, gzip or identity: what the client's Accept-Encoding allows, best first. */
function pickEncoding(header = ''): Encoding {
  let choice = encodingChoices.get(header);
  if (choice === undefined) {
    choice = parseAcceptEncoding(header);
    if (encodingChoices.size >= ENCODING_CHOICES_LIMIT) encodingChoices.clear();
    encodingChoices.set(header, choice);
  }
  return choice;
}

function parseAcceptEncoding(header: string): Encoding {
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return 'identity';
}

/** A page's ETag in one encoding (strong, quoted). */
function pageEtag(page: CachedPage, encoding: Encoding): string {
  return `"${page.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
}

/** Whether If-None-Match names `etag` (or is `*`): the client holds these bytes already. */
function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  return (
    header !== undefined &&
    (header.trim() === '*' ||
      header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
  );
}

/** The Server-Timing entry of an answer from a stored page (no render). */
export const CACHE_HIT_TIMING = 'cache;desc="hit"';

/**
 * Sends a stored page, or 304 when the client holds this representation already. `timing`:
 * the Server-Timing entry (the render's when this request filled the entry).
 */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  timing: string,
) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const etag = pageEtag(page, encoding);
  reply
    .header('vary', 'accept-encoding')
    .header('etag', etag)
    // Browsers keep it and ask again each time (a 304 when nothing changed).
    .header('cache-control', 'no-cache')
    .header('server-timing', timing);
  if (ifNoneMatchHolds(request.headers['if-none-match'], etag)) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .send(encoding === 'identity' ? page.identity : page[encoding]);
}
