import {
  CACHE_HIT_TIMING,
  type CachedPage,
  ifNoneMatchHolds,
  type PageCache,
  pageEtag,
  pickEncoding,
} from './page-cache';
import { chooseVariant, type StaticAsset } from './static-assets';

/** One answer as node:http writes it: status, the header list (name, value, …), the bytes. */
export type Ready = { status: number; headers: string[]; body?: Buffer };

/** A stored answer for a request's URL and headers, or undefined: Fastify answers. */
export type FastAnswerLookup = (
  url: string,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
) => Ready | undefined;
/** A page's or asset's answers in one encoding: the bytes, or 304 (the client has them). */
type ReadyPair = { etag: string; ok: Ready; notModified: Ready };
type Encoding = 'br' | 'gzip' | 'identity';

/** A path made of plain segments only: no escapes, no empty or odd segments. */
const PLAIN_PATH = /^(?:\/[\w.~-]+)*\/?$/;
/** Never a staff page (server/routes/auth/page-guard.ts guards these): Fastify decides. */
const STAFF_SECTION_NAMES = /staff|dashboard/i;

export type FastAnswersOptions = {
  assets: Map<string, StaticAsset>;
  pages: PageCache;
  /** The page cache's current generation when known without a query; undefined: Fastify. */
  generation: () => string | undefined;
  securityHeaders: Readonly<Record<string, string>>;
};

function pair(
  etag: string,
  shared: string[],
  status: number,
  encoding: Encoding,
  type: string,
  body: Buffer,
): ReadyPair {
  return {
    etag,
    notModified: { status: 304, headers: shared },
    ok: {
      status,
      headers: [
        ...shared,
        ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
        'content-type',
        type,
        'content-length',
        String(body.length),
      ],
      body,
    },
  };
}

/**
 * The two hot public answers that depend on no user, served from node:http with every header
 * computed once (the fast path, server/fast-path.ts): a stored page of the page cache and a
 * built hashed asset, for GET and HEAD without a body. Status, headers (security headers and
 * all) and bytes are those Fastify's routes give (server/web/page-cache.ts, static-assets.ts;
 * test/server/fast-path.test.ts holds the two together), in the same header order. Everything
 * else is undefined: a miss, a content version due for a read (Fastify reads it), an odd
 * path, an encoding @fastify/compress would make itself, a staff page.
 */
export function createFastAnswers({
  assets,
  pages,
  generation,
  securityHeaders,
}: FastAnswersOptions) {
  const security = Object.entries(securityHeaders).flat();

  // Clients send a handful of distinct Accept-Encoding values: each is parsed once.
  const encodings = new Map<string, Encoding>();
  function encodingFor(acceptEncoding: string | undefined): Encoding {
    if (acceptEncoding === undefined) return 'identity';
    let encoding = encodings.get(acceptEncoding);
    if (encoding === undefined) {
      if (encodings.size >= 100) encodings.clear();
      encoding = pickEncoding(acceptEncoding);
      encodings.set(acceptEncoding, encoding);
    }
    return encoding;
  }

  const readyAssets = new Map<string, Partial<Record<Encoding, ReadyPair>>>();
  for (const [url, asset] of assets) {
    if (!url.startsWith('/assets/')) continue;
    const byEncoding: Partial<Record<Encoding, ReadyPair>> = {};
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const chosen = encoding === 'identity' ? asset.identity : asset[encoding];
      if (!chosen) continue;
      const shared = [
        ...security,
        'cache-control',
        asset.cacheControl,
        'etag',
        chosen.etag,
        ...(asset.gzip || asset.br ? ['vary', 'accept-encoding'] : []),
      ];
      byEncoding[encoding] = pair(chosen.etag, shared, 200, encoding, asset.type, chosen.bytes);
    }
    readyAssets.set(url, byEncoding);
  }

  // Stored pages the page route answered at their exact path (admitPage), so the fast path
  // never answers a path Fastify would route elsewhere. A new generation's pages are new
  // objects: the old ones' answers go with them.
  const readyPages = new WeakMap<CachedPage, Record<Encoding, ReadyPair>>();

  function admitPage(page: CachedPage): void {
    if (readyPages.has(page)) return;
    const byEncoding = {} as Record<Encoding, ReadyPair>;
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const etag = pageEtag(page, encoding);
      const shared = [
        ...security,
        'vary',
        'accept-encoding',
        'etag',
        etag,
        'cache-control',
        'no-cache',
        'server-timing',
        CACHE_HIT_TIMING,
      ];
      const body = encoding === 'identity' ? page.identity : page[encoding];
      byEncoding[encoding] = pair(
        etag,
        shared,
        page.status,
        encoding,
        'text/html; charset=utf-8',
        body,
      );
    }
    readyPages.set(page, byEncoding);
  }

  function pageAnswer(pathname: string, acceptEncoding: string | undefined) {
    if (!PLAIN_PATH.test(pathname) || STAFF_SECTION_NAMES.test(pathname)) return undefined;
    const current = generation();
    const page = current === undefined ? undefined : pages.peek(current, pathname);
    if (!page) return undefined;
    const encoding = encodingFor(acceptEncoding);
    // Uncompressed HTML for a client that named some encoding: @fastify/compress may compress
    // it (deflate, `*`), so Fastify answers.
    if (encoding === 'identity' && acceptEncoding !== undefined) return undefined;
    return readyPages.get(page)?.[encoding];
  }

  function assetAnswer(pathname: string, acceptEncoding: string | undefined) {
    const asset = assets.get(pathname);
    if (!asset) return undefined;
    return readyAssets.get(pathname)?.[chooseVariant(asset, encodingFor(acceptEncoding)).encoding];
  }

  /**
   * The answer to a GET or HEAD without a body (the caller checks both), or undefined when
   * Fastify answers.
   */
  const find: FastAnswerLookup = (url, acceptEncoding, ifNoneMatch) => {
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    const ready = pathname.startsWith('/assets/')
      ? assetAnswer(pathname, acceptEncoding)
      : pageAnswer(pathname, acceptEncoding);
    if (!ready) return undefined;
    return ifNoneMatchHolds(ifNoneMatch, ready.etag) ? ready.notModified : ready.ok;
  };

  /** Whether the page route has answered this stored page at its own path (admitPage). */
  const admitted = (page: CachedPage) => readyPages.has(page);

  return { find, admitPage, admitted };
}

export type FastAnswers = ReturnType<typeof createFastAnswers>;
