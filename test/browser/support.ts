import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { isStaffPagePath, type StaffRole } from '../../core/auth';
import { type Database, openDatabase } from '../../db/client';
import { startLunar } from '../../entry/start';
import { requestSignInLink } from '../../server/local-control';
import { testConfig } from '../support/app';
import { templateCopy } from '../support/pglite-template';
import { withApiDelay } from './api-delay';

/** Who a sign-in link signs in: by default one member, 'browser-staff'. */
export type StaffIdentityInput = { discordId: string; username: string };
const DEFAULT_STAFF: StaffIdentityInput = {
  discordId: '100000000000000001',
  username: 'browser-staff',
};

export type TestSite = {
  url: string;
  /** The site's database (same process), to seed rows a test needs. */
  db: Database;
  /**
   * A one-time sign-in link for a staff member (plain staff unless `roles`; 'browser-staff'
   * unless `who`), made by the running server.
   */
  staffSignInLink(roles?: StaffRole[], who?: StaffIdentityInput): Promise<string>;
  close(): Promise<void>;
};

/** Rows a test puts in the site's embedded database before the server opens it. */
type PrepareDatabase = (db: Database) => Promise<void>;

/**
 * The built site served by the real server (`startLunar`, web role only) on an ephemeral
 * port, with a fresh embedded database (a copy of the run's template) seeded like a first
 * start (after `prepare`, when given: PGlite admits one process, so the rows go in before the
 * server starts). Needs `npm run build`.
 */
export async function startSite(
  env: Record<string, string> = {},
  prepare?: PrepareDatabase,
): Promise<TestSite> {
  // The server opens it as existing data, skipping initdb.
  const dataDir = templateCopy('lunar-browser-');
  if (prepare) {
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      await prepare(database.db);
    } finally {
      await database.close();
    }
  }
  const lunar = await startLunar(
    testConfig({ PORT: '0', DATA_DIR: dataDir, LUNAR_ROLES: 'web', ...env }),
  );
  if (!lunar.url) throw new Error('web role did not start');
  return {
    url: lunar.url,
    db: lunar.db,
    async staffSignInLink(roles: StaffRole[] = ['staff'], who = DEFAULT_STAFF) {
      // As `npm run login-link` gets one while the server holds the embedded database.
      const link = await requestSignInLink(dataDir, { ...who, roles });
      if (!link) throw new Error('the site did not answer for a sign-in link');
      return link;
    },
    async close() {
      await lunar.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium, driven by playwright-core (no browser download); with
 * LUNAR_TEST_API_DELAY_MS set, its pages' API fetches are slowed (./api-delay.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  return withApiDelay(await launchChromium());
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/** Collects uncaught page errors and console errors, e.g. hydration mismatches. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

type PageOptions = Parameters<Browser['newPage']>[0];

/**
 * A mid-range Android phone in Chrome: real mobile emulation, not a narrow desktop window.
 * The page honours `<meta name="viewport">`, so content wider than the screen widens the
 * layout viewport (and every fixed element with it) as on a real phone; taps are touch events.
 */
export const PHONE = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const satisfies PageOptions;

type OpenedPage = { page: Page; errors: string[]; response: Response | null };

type BrowserSite = {
  readonly url: string;
  readonly browser: Browser;
  /** The site's database (see TestSite). */
  readonly db: Database;
  /** A one-time sign-in link (see TestSite). */
  staffSignInLink(roles?: StaffRole[], who?: StaffIdentityInput): Promise<string>;
  /**
   * Signs the page's browser context in as staff (or `roles`, as `who`) through a one-time
   * link; the page stays where it is.
   */
  signInAsStaff(page: Page, roles?: StaffRole[], who?: StaffIdentityInput): Promise<void>;
  /**
   * A new page (own context: `page.close()` closes both) with errors watched, at `path` once
   * it is interactive (see waitForPage); signed in as staff first when `path` is a staff page
   * (they need a staff session).
   */
  open(path: string, options?: PageOptions): Promise<OpenedPage>;
  /** `open` on a phone (PHONE); `options` override it, e.g. `{ viewport: { width: 320, … } }`. */
  openPhone(path: string, options?: PageOptions): Promise<OpenedPage>;
};

/**
 * Registers `beforeAll`/`afterAll` hooks that start a site (`startSite(env)`) and Chromium for
 * the surrounding `describe`, and close both afterwards. Read `url`/`browser` inside tests only.
 */
export function useBrowserSite(
  env: Record<string, string> = {},
  { prepare }: { prepare?: PrepareDatabase } = {},
): BrowserSite {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    site = await startSite(env, prepare);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  const started = () => {
    if (!site || !browser) throw new Error('useBrowserSite: read it inside a test or hook');
    return { site, browser };
  };
  return {
    get url() {
      return started().site.url;
    },
    get browser() {
      return started().browser;
    },
    get db() {
      return started().site.db;
    },
    staffSignInLink(roles, who) {
      return started().site.staffSignInLink(roles, who);
    },
    async signInAsStaff(page, roles, who) {
      const link = await started().site.staffSignInLink(roles, who);
      // Through the context's own HTTP client, which shares its cookies: the link's answer sets
      // the session and redirects to the dashboard, which need not be loaded and rendered only
      // to be left (a browser following a link: staff-guides and dashboard-applications).
      const response = await page.context().request.get(link, { maxRedirects: 0 });
      if (!(await page.context().cookies()).some((cookie) => cookie.name === 'lunar_staff')) {
        throw new Error(
          `staff sign-in failed (${response.status()} ${response.headers().location})`,
        );
      }
    },
    async open(path, options) {
      const page = await started().browser.newPage(options);
      if (isStaffPagePath(path)) await this.signInAsStaff(page);
      const errors = watchPageErrors(page);
      const response = await page.goto(started().site.url + path);
      await waitForPage(page);
      return { page, errors, response };
    },
    openPhone(path, options) {
      return this.open(path, { ...PHONE, ...options });
    },
  };
}

/**
 * Waits until the page is interactive: its scripts loaded and React hydrated (the app marks
 * <html>, see web/src/layout/hydration-mark.tsx; the home page also hydrates its lower
 * sections from a second chunk). Call after every goto and reload before interacting.
 *
 * Not network idle: that costs at least 500 ms per page and still says nothing about what
 * a test reads. Data a page fetches after hydration (the dashboard's sections, for one) is
 * waited for where it is read, on the element that shows it (locators wait; `expect.poll`).
 */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated-page]', { state: 'attached' });
  if (new URL(page.url()).pathname === '/') {
    await page.waitForSelector('html[data-hydrated-below-the-fold]', { state: 'attached' });
  }
}

/**
 * Waits until the page shows none of its loading placeholders: the dashboard's and the
 * customer pages' data comes from the API after hydration, and each part says "Loading …"
 * (ApiProblem, the sections' Suspense fallbacks, the editors) or marks itself aria-busy until
 * its answer is in. For checks over a whole page (axe, widths) that must see it complete;
 * a test that reads one thing waits on that thing instead.
 */
export async function waitForData(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.querySelector('[aria-busy="true"]')) return false;
    for (const element of document.body.querySelectorAll('p, div, span, td')) {
      if (
        element.childElementCount === 0 &&
        /^Loading\b.*…$/.test(element.textContent?.trim() ?? '')
      )
        return false;
    }
    return true;
  });
}

/**
 * Resolves after the page has painted two more frames: by then React has committed what the
 * effects of its last render scheduled (they run before the next frame). For an absence that
 * such an effect would undo, e.g. a form restoring a saved draft after hydration.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/** Runs axe-core in the page and returns its violations (WCAG 2.1 A/AA and best practices). */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') allows it.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      nodes: nodes.map((node) => ({ target: node.target as string[] })),
    }));
  });
}

/** Fails with each violation's id, help text and nodes, so the report says what to fix. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await runAxe(page);
  expect(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes)}`)).toEqual([]);
}

// HTTP helpers: the tests' own requests to the site, as a client without a browser.

/** The server's answer for a page, as a crawler or a visitor without JavaScript gets it. */
export async function fetchPage(
  site: { url: string },
  path: string,
): Promise<{ status: number; headers: Headers; html: string }> {
  const response = await fetch(site.url + path);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

type JsonAnswer = { status: number; body: unknown; cookies: string[] };

/**
 * Calls the site's API with JSON, e.g. to change data behind a page's back. `cookies` are
 * sent as they came back from an earlier call (`JsonAnswer.cookies`); with them, the site's
 * `Origin`, as a browser on the site sends it (a cookie without one is refused as CSRF).
 */
export async function requestJson(
  site: { url: string },
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  { body, cookies = [] }: { body?: unknown; cookies?: string[] } = {},
): Promise<JsonAnswer> {
  const response = await fetch(site.url + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(cookies.length > 0 && { cookie: cookies.join('; '), origin: new URL(site.url).origin }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json().catch(() => null),
    cookies: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? ''),
  };
}
