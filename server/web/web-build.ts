import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Route, RouteLayout } from '../../core/site/routes';
import type { InitialState } from '../../web/src/entry-server';

/** What the server needs from `npm run build`: the HTML template, the manifest, the renderer. */
export type WebBuild = {
  clientDir: string;
  template: string;
  /** Script and style URLs a page's chunks (layout and page) need, for preload links. */
  pageAssets(route: Route): { scripts: string[]; styles: string[] };
  renderPage(url: string, state: InitialState): Promise<string>;
  /** CSP sources (`'sha256-…'`) of the scripts written into the template (the entry's). */
  scriptHashes: string[];
};

// Source modules as the Vite manifest names them: a page's is `src/pages/<route id>.tsx` (see
// web/src/pages/index.ts); the public layout ships with the entry, the staff one is its own.
const LAYOUT_MODULES: Record<RouteLayout, string | undefined> = {
  public: undefined,
  staff: 'src/layout/staff-layout.tsx',
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type SsrModule = typeof import('../../web/src/entry-server');

class MissingWebBuildError extends Error {
  constructor(path: string) {
    super(`The web build is missing (${path}). Run "npm run build" first.`);
  }
}

/** Where a page's own preload links go, inside the inert <template> (see page-html.ts). */
export const PAGE_PRELOADS_SLOT = '<!--app-preload-->';

/** The hydration entry (vite.config.ts): the entry script imports it after the first paint. */
const HYDRATE_MODULE = 'src/hydrate.tsx';

/**
 * The built template with its module script moved from <head> to the end of <body>, and its
 * modulepreload links, with those of the hydration entry (`hydration`: its file first, then
 * its imports), into an inert `<template id="lunar-preload">`: the page is prerendered, so
 * first paint needs only the HTML and the stylesheet. The entry script (small) moves the links
 * into <head> after the first paint and imports the hydration entry by its link (id
 * `lunar-hydrate`; web/src/entry-client.tsx): React, the router and the page's chunks are
 * fetched only then, and never compete with the paint.
 */
function deferScripts(template: string, hydration: string[]): string {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const head = template.replace(
    /\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g,
    (tag) => {
      const trimmed = tag.trim();
      if (trimmed.startsWith('<script')) scripts.push(trimmed);
      else preloads.push(trimmed);
      return '';
    },
  );
  const hydrationLinks = hydration.map(
    (href, index) =>
      `<link rel="modulepreload" crossorigin href="${href}"${index === 0 ? ' id="lunar-hydrate"' : ''}>`,
  );
  const inert = [...preloads, ...hydrationLinks, PAGE_PRELOADS_SLOT].join('');
  const moved = [`<template id="lunar-preload">${inert}</template>`, ...scripts];
  return head.replace('</body>', () => `  ${moved.join('\n    ')}\n  </body>`);
}

/**
 * The entry's stylesheet written into <head> as a <style> (CSP allows inline styles): first
 * paint then waits for the HTML alone, not for a second request (8 KB gzip, the same on
 * every page; a client-side navigation never fetches the HTML again).
 */
function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file) => {
      const css = readFileSync(join(clientDir, file), 'utf8');
      return css.includes('</style') ? tag : `<style>${css}</style>`;
    },
  );
}

/**
 * The entry script (0.3 KB: web/src/entry-client.tsx) written into the page as an inline
 * module, with its CSP hash. As a file it was a request started while the HTML was parsed, and
 * Lighthouse's simulation counts every request that ends before the largest paint as on its
 * path: one more round trip of the slow network before the first paint
 * (docs/decisions/033-inline-entry-and-young-generation.md). A module script inline still runs
 * after parsing.
 */
function inlineEntryScript(
  template: string,
  clientDir: string,
): { template: string; scriptHashes: string[] } {
  const scriptHashes: string[] = [];
  const inlined = template.replace(
    /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"[^>]*><\/script>/g,
    (tag, file) => {
      const script = readFileSync(join(clientDir, file), 'utf8').trim();
      // A static import would resolve against the page's URL, not /assets/: keep the file.
      if (script.includes('</script') || /^import\s|\bimport\s*["'{*]/m.test(script)) return tag;
      scriptHashes.push(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
      return `<script type="module">${script}</script>`;
    },
  );
  return { template: inlined, scriptHashes };
}

const loaded = new Map<string, Promise<WebBuild>>();

/**
 * The `npm run build` output in `distDir`, loaded once per process (tests build many apps on
 * one build). Nothing in it changes once loaded. A failed load is not kept: the next call
 * tries again.
 */
export function loadWebBuild(distDir: string): Promise<WebBuild> {
  let build = loaded.get(distDir);
  if (!build) {
    build = readWebBuild(distDir);
    loaded.set(distDir, build);
    build.catch(() => loaded.delete(distDir));
  }
  return build;
}

async function readWebBuild(distDir: string): Promise<WebBuild> {
  const clientDir = join(distDir, 'client');
  const serverEntry = join(distDir, 'server', 'entry-server.js');
  for (const path of [join(clientDir, 'index.html'), serverEntry]) {
    if (!existsSync(path)) throw new MissingWebBuildError(path);
  }
  const manifest = JSON.parse(
    readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const ssr = (await import(pathToFileURL(serverEntry).href)) as SsrModule;

  function collect(key: string, scripts: Set<string>, styles: Set<string>) {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) collect(imported, scripts, styles);
  }

  const hydration = new Set<string>();
  collect(HYDRATE_MODULE, hydration, new Set());
  if (hydration.size === 0) throw new MissingWebBuildError(`${HYDRATE_MODULE} in the manifest`);
  const built = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const deferred = deferScripts(built, [...hydration]);
  // The entry, the hydration entry, their imports and the stylesheet are in the template.
  const inTemplate = new Set(deferred.match(/\/assets\/[^"'\s>]+/g) ?? []);
  const { template, scriptHashes } = inlineEntryScript(
    inlineStylesheets(deferred, clientDir),
    clientDir,
  );

  return {
    clientDir,
    template,
    pageAssets(route) {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const layout = LAYOUT_MODULES[route.layout];
      if (layout) collect(layout, scripts, styles);
      collect(`src/pages/${route.id}.tsx`, scripts, styles);
      const extra = (urls: Set<string>) => [...urls].filter((url) => !inTemplate.has(url));
      return { scripts: extra(scripts), styles: extra(styles) };
    },
    renderPage: ssr.renderPage,
    scriptHashes,
  };
}
