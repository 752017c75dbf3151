// The site's pages as plain data: the web route table (web/src/routes.ts) adds titles and data
// to them, and the server lists them in sitemap.xml without importing web code (DESIGN.md:
// the server talks to web only through the build). Order matters: the first match wins.

export type SitePage = { path: string /** Listed in sitemap.xml. */; public: boolean };

export const SITE_PAGES = {
  home: { path: '/', public: true },
  terms: { path: '/terms', public: true },
  privacy: { path: '/privacy', public: true },
  portfolio: { path: '/team/portfolios/:username', public: true },
  blog: { path: '/blog', public: true },
  contact: { path: '/contact', public: true },
  'ticket-procedure': { path: '/staff/ticket-procedure', public: false },
  'staff-procedure': { path: '/staff/staff-procedure', public: false },
  'apply-moderator': { path: '/apply/moderator', public: true },
  'apply-designer': { path: '/apply/designer', public: true },
} as const satisfies Record<string, SitePage>;

export type SitePageId = keyof typeof SITE_PAGES;

/** The public pages that take no parameters, e.g. '/', '/blog'. */
export function listStaticPublicPaths(): string[] {
  return Object.values(SITE_PAGES as Record<string, SitePage>)
    .filter((page) => page.public && !page.path.includes(':'))
    .map((page) => page.path);
}

/** A portfolio's own URL; the canonical address of every page that shows that profile. */
export function portfolioPath(username: string): string {
  return `/team/portfolios/${encodeURIComponent(username)}`;
}
