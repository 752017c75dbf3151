import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { isStaffPagePath } from '../../core/auth';
import { requestSignInLink } from '../../server/local-control';
import { startLunar } from '../../server/start';
import { testConfig } from '../support/app';

export type TestSite = {
  url: string;
  /** A one-time sign-in link for a staff member, made by the running server. */
  staffSignInLink(): Promise<string>;
  close(): Promise<void>;
};

/**
 * The built site served by the real server (`startLunar`, web role only) on an ephemeral
 * port, with a fresh embedded database seeded like a first start. Needs `npm run build`.
 */
export async function startSite(env: Record<string, string> = {}): Promise<TestSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-browser-'));
  const lunar = await startLunar(
    testConfig({ PORT: '0', DATA_DIR: dataDir, LUNAR_ROLES: 'web', ...env }),
  );
  if (!lunar.url) throw new Error('web role did not start');
  return {
    url: lunar.url,
    async staffSignInLink() {
      // As `npm run login-link` gets one while the server holds the embedded database.
      const link = await requestSignInLink(dataDir, {
        discordId: '100000000000000001',
        username: 'browser-staff',
        roles: ['staff'],
      });
      if (!link) throw new Error('the site did not answer for a sign-in link');
      return link;
    },
    async close() {
      await lunar.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, driven by playwright-core (no browser download). */
export function launchBrowser(): Promise<Browser> {
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

export type BrowserSite = {
  readonly url: string;
  readonly browser: Browser;
  /** Signs the page's browser context in as staff through a one-time link. */
  signInAsStaff(page: Page): Promise<void>;
  /**
   * A new page (own context) with errors watched, at `path` once the network is idle; signed
   * in as staff first when `path` is a staff page (they need a staff session).
   */
  open(
    path: string,
    options?: Parameters<Browser['newPage']>[0],
  ): Promise<{ page: Page; errors: string[]; response: Response | null }>;
};

/**
 * Registers `beforeAll`/`afterAll` hooks that start a site (`startSite(env)`) and Chromium for
 * the surrounding `describe`, and close both afterwards. Read `url`/`browser` inside tests only.
 */
export function useBrowserSite(env: Record<string, string> = {}): BrowserSite {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    site = await startSite(env);
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
    async signInAsStaff(page) {
      const response = await page.goto(await started().site.staffSignInLink());
      if (!(await page.context().cookies()).some((cookie) => cookie.name === 'lunar_staff')) {
        throw new Error(`staff sign-in failed at ${page.url()} (${response?.status()})`);
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
  };
}

/**
 * Waits until the page is interactive: its scripts loaded and React hydrated (the app marks
 * <html>, see web/src/layout/hydration-mark.tsx; the home page also hydrates its lower
 * sections from a second chunk). Call after every goto and reload before interacting.
 */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated-page]', { state: 'attached' });
  if (new URL(page.url()).pathname === '/') {
    await page.waitForSelector('html[data-hydrated-below-the-fold]', { state: 'attached' });
  }
  await page.waitForLoadState('networkidle');
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/** Runs axe-core in the page and returns its violations (WCAG 2.1 A/AA and best practices). */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
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
