import {
  SITE_CONTENT_DEFAULTS,
  SITE_CONTENT_URL,
  type SiteContent,
} from '../../../core/site/site-content';
import { useApi } from './use-api';

/**
 * The home page's editable blocks as stored (the prerendered page's snapshot has them); the
 * defaults in core/site while they load or if the API fails, so a page is never left empty.
 */
export function useSiteContent(): SiteContent {
  const answer = useApi<SiteContent>(SITE_CONTENT_URL);
  return answer.data ?? SITE_CONTENT_DEFAULTS;
}
