import { HERO_TEXT, type HeroText } from './hero-text';
import { PRICING_PLANS } from './pricing';
import type { PromoBanner } from './promos';
import { SERVICE_CARDS } from './services';
import { PROMO_BANNERS } from './site';
import { STAT_TILES } from './stat-tiles';
import {
  PLACEHOLDER_DISCORD_INVITE_URL,
  PLACEHOLDER_SUPPORT_EMAIL,
  SPEC_LEGAL_LAST_UPDATED,
  type StudioSettings,
} from './studio-settings';
import type { PricingPlan, ServiceCard, StatTile } from './types';

// The site's editable blocks (issue 12, Site content): executives edit them in the dashboard,
// the site_content table keeps them, and `GET /api/site-content` answers them. The values in
// core/site are the defaults while nothing is stored (the settings' defaults come from the
// configuration: the server passes them). No zod here: the public pages' bundles read this;
// the schemas are in site-content-schema.ts.

export { SITE_CONTENT_URL } from './site-content-url';

export const SITE_CONTENT_KEYS = [
  'hero',
  'promos',
  'services',
  'pricing',
  'stats',
  'settings',
  'portfolio',
  'tickets',
] as const;
export type SiteContentKey = (typeof SITE_CONTENT_KEYS)[number];

/** Which portfolio the nav's Portfolio link and unknown usernames show; null: none. */
export type PortfolioSettings = { defaultUsername: string | null };

/**
 * How tickets behave for customers (issue 33): whether a customer may ask to close their own
 * ticket (staff confirm). Off until an executive turns it on in Settings.
 */
export type TicketSettings = { customersMayAskToClose: boolean };

export type SiteContent = {
  hero: HeroText;
  promos: PromoBanner[];
  services: ServiceCard[];
  pricing: PricingPlan[];
  stats: StatTile[];
  settings: StudioSettings;
  portfolio: PortfolioSettings;
  tickets: TicketSettings;
};

export const SITE_CONTENT_DEFAULTS: SiteContent = {
  hero: HERO_TEXT,
  promos: PROMO_BANNERS,
  services: SERVICE_CARDS,
  pricing: PRICING_PLANS,
  stats: STAT_TILES,
  settings: {
    supportEmail: PLACEHOLDER_SUPPORT_EMAIL,
    discordInviteUrl: PLACEHOLDER_DISCORD_INVITE_URL,
    legalLastUpdated: SPEC_LEGAL_LAST_UPDATED,
  },
  // DEFAULT_PORTFOLIO_USERNAME until an executive chooses (the server passes it).
  portfolio: { defaultUsername: null },
  tickets: { customersMayAskToClose: false },
};
