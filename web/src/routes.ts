import { matchPath } from 'react-router';
import { portfolioPath, SITE_PAGES, type SitePageId } from '../../core/site/pages';
import type { ApiSnapshot } from './data/api-cache';
import type { SiteSettings } from './data/site-settings';

// The spec's route table as data: the server uses it to know which API data a page needs
// before prerendering, and the client to set the title on navigation.

export type RouteId = SitePageId | 'not-found';

export type PageHead = {
  title: string;
  description: string;
  /** Where search engines should index this content, when not at the requested path. */
  canonicalPath?: string;
  noindex?: boolean;
};

export type RouteDef = {
  id: RouteId;
  path: string;
  /** API URLs whose JSON the page renders; prerendered into the HTML. */
  data?: (params: Record<string, string>, site: SiteSettings) => string[];
  /** `data`: the page's API JSON when known (always on the server), for titles from content. */
  head: (params: Record<string, string>, data?: ApiSnapshot) => PageHead;
  /** Listed in sitemap.xml. */
  public: boolean;
};

const studio = 'Lunar';

const portfolioApiUrl = (username: string) => `/api/portfolios/${encodeURIComponent(username)}`;
type ServedProfile = { username: string; name: string; fallback: boolean };

export const ROUTES: RouteDef[] = [
  {
    id: 'home',
    ...SITE_PAGES.home,
    data: () => ['/api/team'],
    head: () => ({
      title: `${studio} — Design studio for Roblox & ERLC communities`,
      description:
        'Discord server setups, logos, liveries, uniforms and custom bots for Roblox and ERLC communities. Top Rated Design Studio on ERLC.',
    }),
  },
  {
    id: 'terms',
    ...SITE_PAGES.terms,
    head: () => ({
      title: `Terms of Service — ${studio}`,
      description: 'The terms that apply to every order placed with Lunar.',
    }),
  },
  {
    id: 'privacy',
    ...SITE_PAGES.privacy,
    head: () => ({
      title: `Privacy Policy — ${studio}`,
      description: 'What data Lunar collects through its forms, why, and how long it is kept.',
    }),
  },
  {
    id: 'portfolio',
    ...SITE_PAGES.portfolio,
    data: ({ username = '' }) => [portfolioApiUrl(username)],
    head: ({ username = '' }, data) => {
      // An unknown username serves the default profile: name it, and point search engines at
      // that profile's own URL so made-up usernames are not indexable duplicates.
      const profile = data?.[portfolioApiUrl(username)] as ServedProfile | undefined;
      const name = profile?.name ?? username;
      return {
        title: `${name} — Portfolio — ${studio}`,
        description: `Skills, projects and testimonials of ${name}, a member of the Lunar team.`,
        ...(profile && { canonicalPath: portfolioPath(profile.username) }),
        ...(profile?.fallback && { noindex: true }),
      };
    },
  },
  {
    id: 'blog',
    ...SITE_PAGES.blog,
    data: () => ['/api/blog/posts'],
    head: () => ({
      title: `Lunar Blog — ${studio}`,
      description: 'News, releases and behind-the-scenes posts from the Lunar design studio.',
    }),
  },
  {
    id: 'contact',
    ...SITE_PAGES.contact,
    head: () => ({
      title: `Contact Us — ${studio}`,
      description: 'Send the Lunar team a message; we answer every one.',
    }),
  },
  {
    id: 'ticket-procedure',
    ...SITE_PAGES['ticket-procedure'],
    head: () => ({
      title: `Ticket Procedure Guide — ${studio} Staff`,
      description: 'How Lunar designers claim, quality-check, bill and deliver a ticket.',
    }),
  },
  {
    id: 'staff-procedure',
    ...SITE_PAGES['staff-procedure'],
    head: () => ({
      title: `Staff Documentation — ${studio} Staff`,
      description: 'Conduct, payments, orders, confidentiality and tools for Lunar staff.',
    }),
  },
  {
    id: 'apply-moderator',
    ...SITE_PAGES['apply-moderator'],
    head: () => ({
      title: `Moderator Application — ${studio}`,
      description: 'Join Our Moderation Team: apply to moderate the Lunar community.',
    }),
  },
  {
    id: 'apply-designer',
    ...SITE_PAGES['apply-designer'],
    head: () => ({
      title: `Designer Application — ${studio}`,
      description: 'Join Our Design Team: apply to design for Lunar.',
    }),
  },
];

export const NOT_FOUND_ROUTE: RouteDef = {
  id: 'not-found',
  path: '*',
  head: () => ({
    title: `Page not found — ${studio}`,
    description: 'This page does not exist.',
  }),
  public: false,
};

export type RouteMatch = { route: RouteDef; params: Record<string, string> };

export function matchRoute(pathname: string): RouteMatch {
  for (const route of ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params as Record<string, string> };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}
