import { matchPath } from 'react-router';
import type { SiteSettings } from './data/site-settings';

// The spec's route table as data: the server uses it to know which API data a page needs
// before prerendering, and the client to set the title on navigation.

export type RouteId =
  | 'home'
  | 'terms'
  | 'privacy'
  | 'portfolio'
  | 'blog'
  | 'contact'
  | 'ticket-procedure'
  | 'staff-procedure'
  | 'apply-moderator'
  | 'apply-designer'
  | 'not-found';

export type PageHead = { title: string; description: string };

export type RouteDef = {
  id: RouteId;
  path: string;
  /** API URLs whose JSON the page renders; prerendered into the HTML. */
  data?: (params: Record<string, string>, site: SiteSettings) => string[];
  head: (params: Record<string, string>) => PageHead;
  /** Listed in sitemap.xml. */
  public: boolean;
};

const studio = 'Lunar';

export const ROUTES: RouteDef[] = [
  {
    id: 'home',
    path: '/',
    data: () => ['/api/team'],
    head: () => ({
      title: `${studio} — Design studio for Roblox & ERLC communities`,
      description:
        'Discord server setups, logos, liveries, uniforms and custom bots for Roblox and ERLC communities. Top Rated Design Studio on ERLC.',
    }),
    public: true,
  },
  {
    id: 'terms',
    path: '/terms',
    head: () => ({
      title: `Terms of Service — ${studio}`,
      description: 'The terms that apply to every order placed with Lunar.',
    }),
    public: true,
  },
  {
    id: 'privacy',
    path: '/privacy',
    head: () => ({
      title: `Privacy Policy — ${studio}`,
      description: 'What data Lunar collects through its forms, why, and how long it is kept.',
    }),
    public: true,
  },
  {
    id: 'portfolio',
    path: '/team/portfolios/:username',
    data: ({ username }) => [`/api/portfolios/${encodeURIComponent(username ?? '')}`],
    head: ({ username }) => ({
      title: `${username} — Portfolio — ${studio}`,
      description: `Skills, projects and testimonials of ${username}, a member of the Lunar team.`,
    }),
    public: true,
  },
  {
    id: 'blog',
    path: '/blog',
    data: () => ['/api/blog/posts'],
    head: () => ({
      title: `Lunar Blog — ${studio}`,
      description: 'News, releases and behind-the-scenes posts from the Lunar design studio.',
    }),
    public: true,
  },
  {
    id: 'contact',
    path: '/contact',
    head: () => ({
      title: `Contact Us — ${studio}`,
      description: 'Send the Lunar team a message; we answer every one.',
    }),
    public: true,
  },
  {
    id: 'ticket-procedure',
    path: '/staff/ticket-procedure',
    head: () => ({
      title: `Ticket Procedure Guide — ${studio} Staff`,
      description: 'How Lunar designers claim, quality-check, bill and deliver a ticket.',
    }),
    public: false,
  },
  {
    id: 'staff-procedure',
    path: '/staff/staff-procedure',
    head: () => ({
      title: `Staff Documentation — ${studio} Staff`,
      description: 'Conduct, payments, orders, confidentiality and tools for Lunar staff.',
    }),
    public: false,
  },
  {
    id: 'apply-moderator',
    path: '/apply/moderator',
    head: () => ({
      title: `Moderator Application — ${studio}`,
      description: 'Join Our Moderation Team: apply to moderate the Lunar community.',
    }),
    public: true,
  },
  {
    id: 'apply-designer',
    path: '/apply/designer',
    head: () => ({
      title: `Designer Application — ${studio}`,
      description: 'Join Our Design Team: apply to design for Lunar.',
    }),
    public: true,
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
