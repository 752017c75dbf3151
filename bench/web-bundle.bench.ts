import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// First-load weight of the home page (issue 3 budget: ≤ 90 KB JS, ≤ 25 KB CSS, gzip): the
// entry chunk and its static imports, plus the home page chunk and its static imports, which
// the server preloads. Lazy chunks (member modal, other pages) are not counted.
// `WEB_DIST_DIR=dist/x npm run build` then `WEB_DIST_DIR=dist/x npm run bench web-bundle`.

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const JS_BUDGET_KB = 90;
const CSS_BUDGET_KB = 25;
const clientDir = join(resolve(process.env.WEB_DIST_DIR ?? 'dist/web'), 'client');
const manifest = JSON.parse(
  readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

function collect(key: string, scripts: Set<string>, styles: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || scripts.has(chunk.file)) return;
  scripts.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, scripts, styles);
}

function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length / 1024;
}

const scripts = new Set<string>();
const styles = new Set<string>();
collect('index.html', scripts, styles);
// The entry imports the hydration code right after the first paint: first load all the same.
collect('src/hydrate.tsx', scripts, styles);
collect('src/pages/home.tsx', scripts, styles);

const rows = [...scripts, ...styles].map((file) => ({ file, gzipKb: gzipKb(file) }));
rows.sort((a, b) => b.gzipKb - a.gzipKb);
for (const row of rows) console.log(`${row.gzipKb.toFixed(1).padStart(7)} KB  ${row.file}`);
const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
const js = sum(scripts);
const css = sum(styles);
console.log(`home first load JS:  ${js.toFixed(2)} KB gzip (budget ${JS_BUDGET_KB} KB)`);
console.log(`home first load CSS: ${css.toFixed(2)} KB gzip (budget ${CSS_BUDGET_KB} KB)`);

// Loaded right after hydration starts (sections under the hero, footer, cookie banner) or on
// demand (member modal): reported so the split stays honest.
const deferred = new Set<string>();
const deferredStyles = new Set<string>();
for (const key of ['src/pages/home.tsx', 'src/hydrate.tsx']) {
  for (const lazy of manifest[key]?.dynamicImports ?? []) {
    // Other pages and the staff layout are never loaded on the home page.
    if (lazy.startsWith('src/pages/') || lazy.startsWith('src/layout/staff-')) continue;
    const before = new Set(deferred);
    collect(lazy, deferred, deferredStyles);
    for (const file of deferred) if (scripts.has(file) && !before.has(file)) deferred.delete(file);
  }
}
for (const file of [...deferred]) if (scripts.has(file)) deferred.delete(file);
console.log(
  `home deferred JS:    ${sum(deferred).toFixed(2)} KB gzip (${[...deferred].join(', ')})`,
);

// The dashboard (issue 12): its own chunks, loaded only under /dashboard. Reported, not
// budgeted; what matters is that none of it (nor TanStack Table, Radix) reaches the home page.
const dashboardKeys = new Set<string>();
function collectKeys(key: string): void {
  if (dashboardKeys.has(key) || !manifest[key]) return;
  dashboardKeys.add(key);
  for (const imported of manifest[key]?.imports ?? []) collectKeys(imported);
  for (const lazy of manifest[key]?.dynamicImports ?? []) {
    if (!lazy.startsWith('src/pages/') && !lazy.startsWith('src/layout/')) collectKeys(lazy);
  }
}
collectKeys('src/pages/dashboard.tsx');
const dashboardScripts = new Set(
  [...dashboardKeys].map((key) => manifest[key]?.file ?? '').filter((file) => !scripts.has(file)),
);
console.log(
  `dashboard JS:        ${sum(dashboardScripts).toFixed(2)} KB gzip, all sections (${[...dashboardScripts].join(', ')})`,
);
const leaked = [...scripts].filter((file) => /tanstack|radix|dashboard|data-table/i.test(file));
if (leaked.length > 0) {
  console.error(`dashboard code in the home page's first load: ${leaked.join(', ')}`);
  process.exitCode = 1;
}
