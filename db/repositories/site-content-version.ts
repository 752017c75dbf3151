import type { Executor } from '../client';

// THE one hook every site-content write calls (team, portfolios, services, pricing, stats,
// promos), after its transaction committed. Today the public pages need nothing more: a
// prerendered page's cache key is its whole state, API snapshot included (server/web), so a
// changed team renders anew on the next request. The lead connects this to the page cache's
// content version when that lands (bump it here); callers need not change.

/** Tells whoever caches public pages that stored site content changed. */
export async function siteContentChanged(_db: Executor): Promise<void> {}
