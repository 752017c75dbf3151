import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_BLOG_POST } from '../core/blog/seed-post';
import { slugifyTitle } from '../core/blog/slug';
import { PORTFOLIO_PROFILES } from '../core/portfolio/portfolio';
import { buildPath } from '../core/site/route-paths';
import { ROUTES } from '../core/site/routes';
import { startLunar } from './support/lunar-server';

// Lighthouse, mobile (its default emulation and simulated throttling), on every public page
// of the compiled server (`npm run build` first; this builds nothing): the prerendered public
// routes of core/site/routes.ts, with the seeded blog post and the first seeded portfolio for
// their parameters. Prints per page the performance score, LCP, the best-practices score and
// the ids of the audits that fail. Goals (issue 13): LCP ≤ 1.0 s, performance 100 and best
// practices 100 on every page.
//
// Lighthouse is not a dependency (about 150 packages that CI never needs): the first run
// installs lighthouse@12.2.3 into ~/.cache/lunar-lighthouse (LIGHTHOUSE_CACHE to change it)
// with npm; later runs reuse it. 12.2.3 because a newer one wants Node 22 and npm ci refuses
// the locks made with 12.3 to 13.4. It drives Debian's Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium). Run: npm run bench -- lighthouse (LIGHTHOUSE_PAGES=/,/blog for a few;
// LIGHTHOUSE_REPORTS=<dir> keeps each page's JSON report there).
const root = fileURLToPath(new URL('..', import.meta.url));
const LIGHTHOUSE_VERSION = '12.2.3';
const cache = process.env.LIGHTHOUSE_CACHE ?? join(homedir(), '.cache', 'lunar-lighthouse');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOALS = { lcpMs: 1000, performance: 100, bestPractices: 100 };

function lighthouseCli(): string {
  const cli = join(cache, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const installed = join(cache, 'node_modules', 'lighthouse', 'package.json');
  const version = existsSync(installed)
    ? (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version
    : undefined;
  if (version !== LIGHTHOUSE_VERSION) {
    mkdirSync(cache, { recursive: true });
    console.log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${cache} …`);
    const npm = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '-E', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { cwd: cache, stdio: 'inherit' },
    );
    if (npm.status !== 0) throw new Error('could not install lighthouse');
  }
  return cli;
}

/** The public pages: every prerendered public route, parameters filled from the seed. */
function publicPages(): string[] {
  const params = {
    slug: slugifyTitle(SEED_BLOG_POST.title),
    username: PORTFOLIO_PROFILES[0]?.username ?? '',
  };
  const all = ROUTES.filter((route) => route.access === 'public' && route.prerender).map((route) =>
    buildPath(route, params),
  );
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  return only ? all.filter((path) => only.includes(path)) : all;
}

type Audit = { id: string; score: number | null; scoreDisplayMode: string; numericValue?: number };
type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};

/** Lighthouse sometimes loses a trace (NO_NAVSTART) on a busy machine: up to 3 tries. */
function audit(cli: string, url: string, outDir: string, name: string): Report {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return auditOnce(cli, url, outDir, name);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`${url}: ${(error as Error).message}; trying again`);
    }
  }
}

function auditOnce(cli: string, url: string, outDir: string, name: string): Report {
  const output = join(outDir, `${name}.json`);
  const run = spawnSync(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,best-practices',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${run.status})`);
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  return report;
}

/** Audits that count and did not pass (informative and manual ones are left out). */
function failing(report: Report): string[] {
  return Object.values(report.audits)
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(item.scoreDisplayMode),
    )
    .map((item) => item.id);
}

if (!existsSync(join(root, 'dist/server/main.mjs'))) {
  throw new Error('dist/server/main.mjs is missing: npm run build');
}
const cli = lighthouseCli();
const dataDir = mkdtempSync(join(tmpdir(), 'lunar-lighthouse-'));
const keep = process.env.LIGHTHOUSE_REPORTS;
if (keep) mkdirSync(keep, { recursive: true });
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'lunar-lighthouse-report-'));
// Its own address as PUBLIC_URL, so canonical links and redirects stay on this server.
const lunar = await startLunar(root, (port) => ({
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
}));
const rows: string[][] = [];
let missed = 0;
try {
  for (const path of publicPages()) {
    // Once first, as a visitor before: the page cache renders a page on its first request.
    await (await fetch(lunar.url + path)).text();
    const name = path.replace(/[^\w-]+/g, '_').replace(/^_|_$/g, '') || 'home';
    const report = audit(cli, lunar.url + path, outDir, name);
    const performance = Math.round((report.categories.performance?.score ?? 0) * 100);
    const bestPractices = Math.round((report.categories['best-practices']?.score ?? 0) * 100);
    const lcp = report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const fcp = report.audits['first-contentful-paint']?.numericValue ?? Number.NaN;
    const met =
      lcp <= GOALS.lcpMs &&
      performance >= GOALS.performance &&
      bestPractices >= GOALS.bestPractices;
    if (!met) missed += 1;
    rows.push([
      path,
      String(performance),
      `${(fcp / 1000).toFixed(2)} s`,
      `${(lcp / 1000).toFixed(2)} s`,
      String(bestPractices),
      met ? 'yes' : 'no',
      failing(report).join(' ') || '-',
    ]);
    console.log(`${path}: performance ${performance}, LCP ${(lcp / 1000).toFixed(2)} s`);
  }
} finally {
  await lunar.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!keep) rmSync(outDir, { recursive: true, force: true });
}

const header = ['page', 'perf', 'FCP', 'LCP', 'best pr.', 'goals', 'failing audits'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
);
const line = (cells: string[]) =>
  cells.map((cell, column) => (column < 6 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  ');
console.log(
  `\nLighthouse ${LIGHTHOUSE_VERSION} mobile (simulated throttling), Chromium ${chromium}; goals: LCP ≤ ${GOALS.lcpMs / 1000} s, performance ${GOALS.performance}, best practices ${GOALS.bestPractices}`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(`${rows.length - missed} of ${rows.length} pages meet the goals`);
