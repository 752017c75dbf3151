import type { PromoBanner } from './promos';
import type { NavLink, ServiceLink } from './types';

export const STUDIO_NAME = 'Lunar';

export const HERO = {
  headline: 'Elevate Your ERLC Community',
  tagline:
    'Lunar designs logos, banners, uniforms, liveries, Discord servers and custom bots for Roblox ERLC communities. Delivered fast, built to stand out.',
  primaryButton: 'Join Our Discord',
  secondaryButton: 'View Our Work',
  secondaryHref: '#team',
} as const;

export const TOP_RATED_BADGE = 'Top Rated Design Studio on ERLC';

export const HIRING_LABEL = "We're Hiring";
export const JOIN_TEAM_PROMPT = 'Want to join the team?';
export const APPLY_LINKS = [
  { label: 'Apply as Moderator', href: '/apply/moderator' },
  { label: 'Apply as Designer', href: '/apply/designer' },
] as const satisfies NavLink[];

/**
 * What 'We're Hiring' offers (docs/decisions/007-hiring-menu.md): the two application forms
 * beside the Discord invite, which the spec's button opened on its own.
 */
export function buildHiringLinks(discordInviteUrl: string): NavLink[] {
  return [...APPLY_LINKS, { label: 'Join our Discord', href: discordInviteUrl, external: true }];
}

function buildPortfolioHref(username: string): string {
  return `/team/portfolios/${encodeURIComponent(username)}`;
}

/**
 * `portfolioUsername` is the configured default portfolio (decision 11) when it exists, null
 * when it does not: a link to a page that cannot show anything is left out.
 * `services` are the stored services (SiteSettings.services): the dropdown links to their cards.
 */
export function buildNavLinks(
  portfolioUsername: string | null,
  services: readonly ServiceLink[] = [],
): NavLink[] {
  return [
    {
      label: 'Services',
      href: '#services',
      children: services.map((link) => ({ label: link.title, href: `#${link.id}` })),
    },
    { label: 'Pricing', href: '#pricing' },
    { label: 'Team', href: '#team' },
    ...(portfolioUsername === null
      ? []
      : [{ label: 'Portfolio', href: buildPortfolioHref(portfolioUsername) }]),
    { label: 'Blog', href: '/blog' },
    { label: 'Contact', href: '/contact' },
  ];
}

export const FOOTER = {
  description:
    'Premium design and development for Roblox ERLC communities: graphics, uniforms, liveries, Discord servers and bots.',
  quickLinks: [
    { label: 'Services', href: '/#services' },
    { label: 'Pricing', href: '/#pricing' },
    { label: 'Team', href: '/#team' },
    { label: 'Blog', href: '/blog' },
    { label: 'Contact', href: '/contact' },
  ] satisfies NavLink[],
  legalLinks: [
    { label: 'Terms of Service', href: '/terms' },
    { label: 'Privacy Policy', href: '/privacy' },
  ] satisfies NavLink[],
  contactLine: 'Questions? Email us at {email}',
  paymentBadges: ['Robux', 'Card payments'],
  copyright: (year: number) => `© ${year} ${STUDIO_NAME}. All rights reserved.`,
} as const;

export const SCROLL_THRESHOLD_PX = 20;
export const MODAL_MAX_VH = 90;
export const SIMILAR_DESIGNERS = 3;
export const POPULAR_CHOICE_CHANCE = 0.3;
export const BANNER_OVERLAY_CHANCE = 0.3;
export const ACCORDION_MAX_HEIGHT_PX = 800;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;
export const TOAST_DURATION_MS = 2000;
export const COOKIE_MAX_AGE_DAYS = 365;
/** The staff guides' date (spec §9); the legal pages' is a studio setting (studio-settings.ts). */
export const GUIDES_LAST_UPDATED = '2024-03-19';
export const BANNER_FALLBACK_COLOR = '#b19cd9';

// Re-exported so the shell's chunk (which has the promos) carries the filter too, rather than
// a chunk of its own for the home and portfolio pages.
export { activePromos } from './promos';

export const PROMO_BANNERS: PromoBanner[] = [
  {
    id: 'new-year-boost',
    text: 'New Year Boost: 25% OFF',
    badge: 'Limited Time',
    buttonLabel: 'Claim Offer',
    startsOn: '2026-12-26',
    endsOn: '2027-01-31',
  },
  {
    id: 'next-100-orders',
    text: 'Next 100 Orders will get 15% OFF!',
    startsOn: '2026-01-01',
    endsOn: '2027-12-31',
  },
];
