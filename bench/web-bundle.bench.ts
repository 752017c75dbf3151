import {
  clientDir,
  collect,
  gzipKb,
  HOME_CSS_BUDGET_KB,
  HOME_JS_BUDGET_BYTES,
  homeFirstLoad,
  readManifest,
  totalKb,
} from '../test/support/web-bundle';

// First-load weight of the home page against its budget (test/support/web-bundle.ts says what
// counts); exits with 1 past the budget. `WEB_DIST_DIR=dist/x npm run build` then
// `WEB_DIST_DIR=dist/x npm run bench web-bundle`.

const dir = clientDir();
const manifest = readManifest(dir);
const { scripts, styles, jsBytes, cssKb: css } = homeFirstLoad(dir, manifest);

const rows = [...scripts, ...styles].map((file) => ({ file, gzipKb: gzipKb(dir, file) }));
rows.sort((a, b) => b.gzipKb - a.gzipKb);
for (const row of rows) console.log(`${row.gzipKb.toFixed(1).padStart(7)} KB  ${row.file}`);
const sum = (files: Set<string>) => totalKb(dir, files);
// The script budget is in bytes: a KB figure is read as 1,000 or 1,024 bytes depending on who reads.
const bytes = (count: number) => count.toLocaleString('en');
console.log(
  `home first load JS:  ${bytes(jsBytes)} bytes gzip (budget ${bytes(HOME_JS_BUDGET_BYTES)} bytes)`,
);
console.log(`home first load CSS: ${css.toFixed(2)} KB gzip (budget ${HOME_CSS_BUDGET_KB} KB)`);
if (jsBytes > HOME_JS_BUDGET_BYTES || css > HOME_CSS_BUDGET_KB) {
  console.error("the home page's first load is over its budget");
  process.exitCode = 1;
}

// Loaded right after hydration starts (sections under the hero, footer, cookie banner) or on
// demand (member modal): reported so the split stays honest.
const deferred = new Set<string>();
const deferredStyles = new Set<string>();
// Every first-load chunk's lazy imports (the public layout's are in the vendor chunk).
const firstLoadKeys = Object.keys(manifest).filter((key) => scripts.has(manifest[key]?.file ?? ''));
for (const key of firstLoadKeys) {
  for (const lazy of manifest[key]?.dynamicImports ?? []) {
    // Other pages and the staff layout are never loaded on the home page.
    if (lazy.startsWith('src/pages/') || lazy.startsWith('src/layout/staff-')) continue;
    const before = new Set(deferred);
    collect(manifest, lazy, deferred, deferredStyles);
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
