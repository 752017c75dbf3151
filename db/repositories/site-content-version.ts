import type { Executor } from '../client';
import { bumpContentVersion } from './content-version';

// THE one hook every site-content write calls (team, portfolios, services, pricing, stats,
// promos), after its transaction committed: the page cache (server/web/page-cache.ts) renders
// every public page again, in every process (the content version lives in the database).

/** Tells whoever caches public pages that stored site content changed. */
export function siteContentChanged(db: Executor): Promise<void> {
  return bumpContentVersion(db, 'site content changed');
}
