import { PRICING_PLANS } from './pricing';
import type { PromoBanner } from './promos';
import { SERVICE_CARDS } from './services';
import { PROMO_BANNERS } from './site';
import { STAT_TILES } from './stat-tiles';
import type { PricingPlan, ServiceCard, StatTile } from './types';

// The home page's editable blocks (issue 12, Site content): executives edit them in the
// dashboard, the site_content table keeps them, and `GET /api/site-content` answers them. The
// values in core/site are the defaults while nothing is stored. No zod here: the public pages'
// bundles read this; the schemas are in site-content-schema.ts.

export { SITE_CONTENT_URL } from './site-content-url';

export const SITE_CONTENT_KEYS = ['promos', 'services', 'pricing', 'stats'] as const;
export type SiteContentKey = (typeof SITE_CONTENT_KEYS)[number];

export type SiteContent = {
  promos: PromoBanner[];
  services: ServiceCard[];
  pricing: PricingPlan[];
  stats: StatTile[];
};

export const SITE_CONTENT_DEFAULTS: SiteContent = {
  promos: PROMO_BANNERS,
  services: SERVICE_CARDS,
  pricing: PRICING_PLANS,
  stats: STAT_TILES,
};
