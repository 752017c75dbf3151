import { blogPostBySlugUrl, blogPostPath } from '../blog/post-page';
import { SITE_CONTENT_URL } from './site-content-url';
import type { ServiceLink } from './types';

// The site's one route table. Everything that needs to know the pages derives from it: the
// browser's router (web/src/app-routes.tsx), the server's page matching, rendering and HTML
// cache (server/web), and sitemap.xml (server/routes/seo). Plain data and small functions, so
// the server reads it without importing React; each page's code is mapped by route id in
// web/src/pages/index.ts; ./route-paths.ts goes from a path to its route and back. Order
// matters: the first match wins.

/** The frame a page renders in: the public site's, or the staff app's (own chunk and nav). */
export type RouteLayout = 'public' | 'staff';
/** Who may see a page. 'staff' pages get their guard from the sign-in work (decision 6). */
type RouteAccess = 'public' | 'staff';

export type PageHead = {
  title: string;
  description: string;
  /** Where search engines should index this content, when not at the requested path. */
  canonicalPath?: string;
  noindex?: boolean;
};

/** API answers keyed by URL: what the server loaded for a page, shipped for hydration. */
export type ApiSnapshot = Record<string, unknown>;

/**
 * Public, non-secret settings from the server's configuration (DESIGN.md decision 11), and what
 * every page's frame shows from stored content: the studio settings executives edit (support
 * e-mail, Discord invite, legal date; the configuration's until then), the nav's services, and
 * the portfolio the nav links to. server/site-settings.ts reads them.
 */
export type SiteSettings = {
  supportEmail: string;
  discordInviteUrl: string;
  /** YYYY-MM-DD: when the terms and the privacy policy last changed. */
  legalLastUpdated: string;
  /**
   * The nav's Portfolio link: the default portfolio chosen in Settings (DEFAULT_PORTFOLIO_USERNAME
   * until then) when it exists; null hides the link (none chosen, or no portfolios yet).
   */
  portfolioUsername: string | null;
  /**
   * The calendar year (UTC) when the server rendered the page. The footer's copyright shows it
   * while hydrating, so the browser's first render matches the HTML, then the visitor's own.
   */
  year: number;
  /** RETENTION_MONTHS: how long applications and messages are kept (the privacy policy). */
  retentionMonths: number;
  /** BLOG_ADMIN_PASSCODE is set: the blog offers 'Admin Login'. */
  blogPasscodeSignIn: boolean;
  /**
   * Today's date (UTC, YYYY-MM-DD) when the server rendered the page: promos show by it, and
   * being part of the render cache's key, a promo starts and ends on its day.
   */
  today: string;
  /**
   * The services as stored (site content, decision 024), for the nav's dropdown on every page.
   * Here rather than in a page's API data: each page's first load carries only the names.
   */
  services: ServiceLink[];
};

export type RouteParams = Record<string, string>;

export type RouteDef = {
  /** Segments are literal or `:name`; nothing else (the matcher below mirrors react-router). */
  path: string;
  layout: RouteLayout;
  access: RouteAccess;
  /** The server renders the page's HTML (with its data), so it reads before any JavaScript. */
  prerender: boolean;
  /**
   * The HTML may be reused: kept in the server's page cache until the content version or the
   * day changes (a write that changes the page must call `bumpContentVersion`), sent
   * `no-cache` with an ETag. Otherwise it is rendered for every request, `private, no-store`.
   */
  cache: boolean;
  /** Listed in sitemap.xml; a path with parameters once per value the server knows. */
  sitemap: boolean;
  /** Label in its layout's navigation, if it has one there. */
  nav?: string;
  /** API URLs whose JSON the page renders; loaded before rendering on the server. */
  data?: (params: RouteParams, site: SiteSettings) => string[];
  /** `data`: the page's API JSON when known (always on the server), for titles from content. */
  head: (params: RouteParams, data?: ApiSnapshot) => PageHead;
  /**
   * For pages of stored content: false when the data names nothing (an unknown blog post);
   * the server then answers 404 and the page shows the not-found text. Absent: always found.
   */
  found?: (params: RouteParams, data: ApiSnapshot) => boolean;
};

const studio = 'Lunar';

// The dashboard is an app, not a document: rendered in the browser from the staff API
// (nothing to read without JavaScript), never stored, never indexed.
const DASHBOARD_PAGE = {
  layout: 'staff',
  access: 'staff',
  prerender: false,
  cache: false,
  sitemap: false,
} as const;

const dashboardHead = () => ({ title: `Dashboard — ${studio}`, description: '', noindex: true });

const PUBLIC_PAGE = {
  layout: 'public',
  access: 'public',
  prerender: true,
  cache: true,
  sitemap: true,
} as const;

// Rendered on the server (their text must read without JavaScript, as before) but never
// reused or stored: once signed in, what a staff member sees is theirs alone.
const STAFF_PAGE = {
  layout: 'staff',
  access: 'staff',
  prerender: true,
  cache: false,
  sitemap: false,
} as const;

// A signed-in customer's own pages: rendered in the browser from their session's API answers.
const CUSTOMER_PAGE = {
  layout: 'public',
  access: 'public',
  prerender: false,
  cache: false,
  sitemap: false,
} as const;

/** A portfolio's own URL; the canonical address of every page that shows that profile. */
export function portfolioPath(username: string): string {
  return `/team/portfolios/${encodeURIComponent(username)}`;
}

type ServedPost = { slug: string; title: string; description: string };
/** The post a `/blog/:slug` page shows, when its data holds one. */
function postOf(slug: string, data?: ApiSnapshot): ServedPost | undefined {
  const page = data?.[blogPostBySlugUrl(slug)] as { items?: ServedPost[] } | undefined;
  return page?.items?.[0];
}

const portfolioApiUrl = (username: string) => `/api/portfolios/${encodeURIComponent(username)}`;
type ServedProfile = { username: string; name: string; fallback: boolean };

function defineRoutes<const T extends readonly (RouteDef & { id: string })[]>(routes: T): T {
  return routes;
}

const TABLE = defineRoutes([
  {
    id: 'home',
    path: '/',
    ...PUBLIC_PAGE,
    data: () => ['/api/team', '/api/testimonials', SITE_CONTENT_URL],
    head: () => ({
      title: `${studio} — Design studio for Roblox & ERLC communities`,
      description:
        'Discord server setups, logos, liveries, uniforms and custom bots for Roblox and ERLC communities.',
    }),
  },
  {
    id: 'terms',
    path: '/terms',
    ...PUBLIC_PAGE,
    head: () => ({
      title: `Terms of Service — ${studio}`,
      description: 'The terms that apply to every order placed with Lunar.',
    }),
  },
  {
    id: 'privacy',
    path: '/privacy',
    ...PUBLIC_PAGE,
    head: () => ({
      title: `Privacy Policy — ${studio}`,
      description: 'What data Lunar collects through its forms, why, and how long it is kept.',
    }),
  },
  {
    id: 'portfolio',
    path: '/team/portfolios/:username',
    ...PUBLIC_PAGE,
    data: ({ username = '' }) => [portfolioApiUrl(username), SITE_CONTENT_URL],
    // The API answers 404 only when no profile exists at all (not even the default one): a
    // fresh site's portfolio pages are 404s, not an error box.
    found: ({ username = '' }, data) => data[portfolioApiUrl(username)] !== undefined,
    head: ({ username = '' }, data) => {
      // An unknown username serves the default profile: name it, and point search engines at
      // that profile's own URL so made-up usernames are not indexable duplicates.
      const profile = data?.[portfolioApiUrl(username)] as ServedProfile | undefined;
      // No portfolio at all (served with status 404, see `found`); NOT_FOUND_ROUTE is below.
      if (!profile) return { ...NOT_FOUND_ROUTE.head({}), noindex: true };
      const name = profile.name;
      return {
        title: `${name} — Portfolio — ${studio}`,
        description: `Skills, projects and testimonials of ${name}, a member of the Lunar team.`,
        canonicalPath: portfolioPath(profile.username),
        ...(profile.fallback && { noindex: true }),
      };
    },
  },
  {
    id: 'blog',
    path: '/blog',
    ...PUBLIC_PAGE,
    data: () => ['/api/blog/posts'],
    head: () => ({
      title: `Lunar Blog — ${studio}`,
      description: 'News, releases and behind-the-scenes posts from the Lunar design studio.',
    }),
  },
  {
    id: 'blog-post',
    path: '/blog/:slug',
    ...PUBLIC_PAGE,
    data: ({ slug = '' }) => [blogPostBySlugUrl(slug)],
    found: ({ slug = '' }, data) => !!postOf(slug, data),
    head: ({ slug = '' }, data) => {
      const post = postOf(slug, data);
      // Served with status 404 (see `found`); NOT_FOUND_ROUTE is defined below the table.
      if (!post) return { ...NOT_FOUND_ROUTE.head({}), noindex: true };
      return {
        title: `${post.title} — ${studio} Blog`,
        description: post.description,
        canonicalPath: blogPostPath(post.slug),
      };
    },
  },
  {
    id: 'contact',
    path: '/contact',
    ...PUBLIC_PAGE,
    head: () => ({
      title: `Contact Us — ${studio}`,
      description: 'Send the Lunar team a message; we answer every one.',
    }),
  },
  {
    id: 'ticket-procedure',
    path: '/staff/ticket-procedure',
    ...STAFF_PAGE,
    nav: 'Ticket Procedure',
    head: () => ({
      title: `Ticket Procedure Guide — ${studio} Staff`,
      description: 'How Lunar designers claim, quality-check, bill and deliver a ticket.',
    }),
  },
  {
    id: 'staff-procedure',
    path: '/staff/staff-procedure',
    ...STAFF_PAGE,
    nav: 'Staff Documentation',
    head: () => ({
      title: `Staff Documentation — ${studio} Staff`,
      description: 'Conduct, payments, orders, confidentiality and tools for Lunar staff.',
    }),
  },
  {
    id: 'signin',
    path: '/signin',
    // The page reads `?next=` and `?error=`, which the server does not render with.
    layout: 'public',
    access: 'public',
    prerender: false,
    cache: false,
    sitemap: false,
    head: () => ({ title: `Sign in — ${studio}`, description: '', noindex: true }),
  },
  // The customer's pages (decision 047): what they show is theirs alone (their session, their
  // tickets), so like the sign-in page they are rendered in the browser, never stored or indexed.
  {
    id: 'order',
    path: '/order/:kind/:item',
    ...CUSTOMER_PAGE,
    head: () => ({ title: `Order — ${studio}`, description: '', noindex: true }),
  },
  {
    id: 'orders',
    path: '/orders',
    ...CUSTOMER_PAGE,
    head: () => ({ title: `Your orders — ${studio}`, description: '', noindex: true }),
  },
  {
    id: 'order-ticket',
    path: '/orders/:number',
    ...CUSTOMER_PAGE,
    head: ({ number = '' }) => ({
      title: `Your ticket ${number} — ${studio}`,
      description: '',
      noindex: true,
    }),
  },
  // One dashboard chunk behind three paths (the route table has no splats): the overview, a
  // section's list, and one item of a section. web/src/dashboard/sections.ts names the sections.
  { id: 'dashboard', path: '/dashboard', ...DASHBOARD_PAGE, nav: 'Dashboard', head: dashboardHead },
  { id: 'dashboard-section', path: '/dashboard/:section', ...DASHBOARD_PAGE, head: dashboardHead },
  { id: 'dashboard-item', path: '/dashboard/:section/:id', ...DASHBOARD_PAGE, head: dashboardHead },
  {
    id: 'apply-moderator',
    path: '/apply/moderator',
    ...PUBLIC_PAGE,
    head: () => ({
      title: `Moderator Application — ${studio}`,
      description: 'Join Our Moderation Team: apply to moderate the Lunar community.',
    }),
  },
  {
    id: 'apply-designer',
    path: '/apply/designer',
    ...PUBLIC_PAGE,
    head: () => ({
      title: `Designer Application — ${studio}`,
      description: 'Join Our Design Team: apply to design for Lunar.',
    }),
  },
]);

export type RouteId = (typeof TABLE)[number]['id'] | 'not-found';
export type Route = RouteDef & { id: RouteId };

export const ROUTES: readonly Route[] = TABLE;

/** Any path no route matches: the 404 page, in the public layout, with status 404. */
export const NOT_FOUND_ROUTE: Route = {
  id: 'not-found',
  path: '*',
  ...PUBLIC_PAGE,
  sitemap: false,
  head: () => ({
    title: `Page not found — ${studio}`,
    description: 'This page does not exist.',
  }),
};

/** Where a signed-out staff member is sent; the sign-in work (decision 7) serves it. */
export const SIGN_IN_PATH = '/signin';

export function signInPath(next: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}
