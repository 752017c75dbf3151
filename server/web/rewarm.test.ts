import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CachedPage, createPageCache } from './page-cache';
import { createRewarm } from './rewarm';

function setup() {
  const pages = createPageCache();
  let generation: string | undefined = 'v1';
  const rendered: string[] = [];
  const admittedPages = new Set<CachedPage>();
  const warnings: string[] = [];
  const log = {
    info: () => {},
    warn: (fields: { url: string }) => warnings.push(fields.url),
  } as unknown as FastifyBaseLogger;
  const rewarm = createRewarm({
    pages,
    generation: () => generation,
    render: async (pathname) => {
      rendered.push(pathname);
      if (pathname === '/broken') throw new Error('render failed');
      return { html: `<p>${pathname} at ${generation}</p>`, status: 200 };
    },
    admitted: (page) => admittedPages.has(page),
    admit: (page) => admittedPages.add(page),
    log,
  });
  /** A page stored and answered by the page route, as a request would leave it. */
  async function visit(pathname: string) {
    const page = await pages.get(generation as string, pathname, async () => ({
      html: `<p>${pathname} at ${generation}</p>`,
      status: 200,
    }));
    admittedPages.add(page);
    return page;
  }
  /** The first read in v1, visitors on `paths` in that order, and the read after them. */
  async function visitInV1(...paths: string[]) {
    await rewarm();
    for (const pathname of paths) await visit(pathname);
    await rewarm();
  }
  return {
    pages,
    rendered,
    warnings,
    admittedPages,
    rewarm,
    visit,
    visitInV1,
    change: (next: string | undefined) => {
      generation = next;
    },
  };
}

describe('pages rendered again after a content change', () => {
  it('renders the pages the fast path answered, most recent first, into the new generation', async () => {
    const { pages, rendered, admittedPages, rewarm, visit, change } = setup();
    await rewarm(); // sees v1 first
    await visit('/terms');
    await visit('/blog');
    // Stored but never answered at its own path (say `//blog`): not the fast path's, left.
    await pages.get('v1', '/team', async () => ({ html: 'team', status: 200 }));
    await rewarm(); // remembers what the fast path answers in v1
    expect(rendered).toEqual([]);

    change('v2');
    await rewarm();
    expect(rendered).toEqual(['/blog', '/terms']);
    expect(pages.generation).toBe('v2');
    const stored = pages.peek('v2', '/terms');
    expect(stored?.identity.toString()).toBe('<p>/terms at v2</p>');
    expect(admittedPages.has(stored as CachedPage)).toBe(true);
    expect(pages.peek('v2', '/team')).toBeUndefined();
    // Nothing more to do until the next change.
    await rewarm();
    expect(rendered).toHaveLength(2);
  });

  it('renders again only the pages visitors asked for since the last change', async () => {
    const { pages, rendered, rewarm, visit, visitInV1, change } = setup();
    await visitInV1('/terms', '/blog');
    change('v2');
    await rewarm();
    expect(rendered).toEqual(['/blog', '/terms']);
    // Only /terms is asked for in v2 (found stored); /blog, rendered ahead, is not.
    await visit('/terms');
    await rewarm();
    change('v3');
    await rewarm();
    expect(rendered).toEqual(['/blog', '/terms', '/terms']);
    expect(pages.peek('v3', '/blog')).toBeUndefined();
  });

  it('still renders the rest when a request switched the cache to the new generation first', async () => {
    const { pages, rendered, rewarm, visit, visitInV1, change } = setup();
    await visitInV1('/terms', '/blog');
    change('v2');
    await visit('/blog'); // a visitor was faster than the next read of the version
    await rewarm();
    expect(rendered).toEqual(['/terms']);
    expect(pages.peek('v2', '/terms')).toBeDefined();
  });

  it('waits while the content version is due, and goes on past a page that fails to render', async () => {
    const { pages, rendered, warnings, rewarm, visitInV1, change } = setup();
    await visitInV1('/terms', '/broken');
    change(undefined);
    await rewarm();
    expect(rendered).toEqual([]);
    change('v2');
    await rewarm();
    expect(rendered).toEqual(['/broken', '/terms']);
    expect(warnings).toEqual(['/broken']);
    expect(pages.peek('v2', '/terms')).toBeDefined();
    expect(pages.peek('v2', '/broken')).toBeUndefined();
  });
});
