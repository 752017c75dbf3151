import type { FastifyBaseLogger } from 'fastify';
import type { CachedPage, PageCache } from './page-cache';

/** How many of the most recently used pages are rendered again after a content change. */
const REWARM_PAGES = 50;

type Rewarm = {
  pages: PageCache;
  /** The generation pages are stored under now; undefined while the content version is due. */
  generation: () => string | undefined;
  render: (pathname: string) => Promise<{ html: string; status: number }>;
  /** Whether the fast path answers this page (the page route answered it at its own path). */
  admitted: (page: CachedPage) => boolean;
  admit: (page: CachedPage) => void;
  log: FastifyBaseLogger;
};

/**
 * After a content change or the day's turn every stored page goes (page-cache.ts). This
 * renders the pages the fast path answered and visitors asked for in the generation that
 * ended, most recently used first, again at once, one at a time, in the background: their
 * next visitors get stored bytes instead of waiting for a render and its compression, and
 * connections the fast path reads are not handed to node:http for good by a miss
 * (docs/decisions/042-pages-rendered-again-after-a-change.md). A page rendered here that no
 * one asks for before the next change is not rendered again then. Returns the check to run
 * whenever the content version was read; it does nothing while the generation is the stored
 * one or a round is running.
 */
export function createRewarm({ pages, generation, render, admitted, admit, log }: Rewarm) {
  let running = false;
  // The generation last seen, and the pages the fast path answered in it: a request may
  // switch the cache to a new generation before this sees the change.
  let seen = { generation: '', hot: [] as string[] };
  const hotPaths = () =>
    pages
      .recent(REWARM_PAGES)
      .filter(([, page]) => admitted(page))
      .map(([pathname]) => pathname);

  return async function rewarm(): Promise<void> {
    const next = generation();
    if (running || next === undefined) return;
    if (next === seen.generation) {
      if (pages.generation === next) seen.hot = hotPaths();
      return;
    }
    const { hot } = seen;
    seen = { generation: next, hot };
    if (hot.length === 0) return;
    running = true;
    const started = performance.now();
    let stored = 0;
    try {
      for (const pathname of hot) {
        // Another change came in the meantime: the next read starts a round for it.
        if (generation() !== next) break;
        try {
          admit(await pages.get(next, pathname, () => render(pathname), { ahead: true }));
          stored += 1;
        } catch (error) {
          // Not stored: the next request for it renders it, and reports a failure as usual.
          log.warn({ err: error, url: pathname }, 'page not rendered again after a content change');
        }
      }
    } finally {
      running = false;
    }
    log.info(
      { pages: stored, ms: Math.round(performance.now() - started) },
      'pages rendered again after a content change',
    );
  };
}
