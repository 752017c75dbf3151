import type { SiteContent, SiteContentKey } from '../../../core/site/site-content';
import { SITE_CONTENT_URL } from '../../../core/site/site-content-url';
import { useApi } from './use-api';

/**
 * One of the home page's editable blocks as stored (the prerendered page's snapshot has it);
 * `fallback` (its default in core/site) while it loads or if the API fails, so a page is never
 * left empty. Each component passes its own default: the promos above the fold must not pull
 * the pricing and services below it into the first load.
 */
export function useSiteBlock<K extends SiteContentKey>(
  key: K,
  fallback: SiteContent[K],
): SiteContent[K] {
  const answer = useApi<SiteContent>(SITE_CONTENT_URL);
  return answer.data?.[key] ?? fallback;
}
