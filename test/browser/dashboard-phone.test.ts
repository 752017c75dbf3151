import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { reviews } from '../../db/schema';
import { SECTIONS, sectionPath } from '../../web/src/dashboard/sections';
import { insertOrder, loggedOrder } from '../support/orders';
import { aModerator } from '../support/uploads';
import { placement, REACHABLE } from './placement';
import {
  PHONE,
  requestJson,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';

// The staff dashboard on a phone (support.ts PHONE: 360 × 780, touch, Android Chrome), as staff
// open it from the Discord `/dashboard` link: an executive sees every section. Each page is as
// wide as the screen (a wide table scrolls inside its own labelled, focusable region), every
// section is reached by tap from the section links, and the dialogs fit the screen.
// DASHBOARD_PHONE_SHOTS=<dir> saves a screenshot of each page there, to look at them.

const { width: WIDTH, height: HEIGHT } = PHONE.viewport;
const EXECUTIVE = { discordId: '230000000000000010', username: 'Exa' };
const DESIGNER = { discordId: '230000000000000001', username: 'Astra' };
const POLL = { timeout: 30_000, interval: 200 };
const SHOTS = process.env.DASHBOARD_PHONE_SHOTS;

const APPLICANT = 'LighthouseKeeper';
const APPLICATION = aModerator({
  robloxUsername: APPLICANT,
  discordUsername: 'keeper_disc',
  // One long unbroken word: an answer must wrap, not widen the page.
  additionalInfo: `I keep lighthouses ${'x'.repeat(80)}`,
});

const ORDER_ID = 'phone-order-1';
const ORDERS = ['phone-order-1', 'phone-order-2', 'phone-order-3'];

let applicationId = 0;

/** Something that is on each page once its data has loaded (beyond the heading). */
type Stop = { path: string; ready: (page: Page) => Locator };

const STOPS: Stop[] = [
  { path: '/dashboard', ready: (page) => page.getByRole('heading', { name: 'Overview' }) },
  {
    path: '/dashboard/applications',
    ready: (page) => page.getByRole('link', { name: APPLICANT }),
  },
  {
    get path() {
      return `/dashboard/applications/${applicationId}`;
    },
    ready: (page) => page.getByRole('button', { name: 'Accept' }),
  },
  { path: '/dashboard/orders', ready: (page) => page.getByRole('link', { name: ORDER_ID }) },
  {
    path: `/dashboard/orders/${ORDER_ID}`,
    ready: (page) => page.getByRole('heading', { name: 'Timeline' }),
  },
  {
    path: '/dashboard/payouts',
    ready: (page) =>
      page
        .getByRole('region', { name: 'Payouts per designer and week list' })
        .getByRole('listitem')
        .first(),
  },
  {
    path: '/dashboard/reviews',
    ready: (page) => page.getByText('Stellar logo'),
  },
  { path: '/dashboard/messages', ready: (page) => page.getByText('Logo price') },
  { path: '/dashboard/blog', ready: (page) => page.getByRole('heading', { level: 1 }) },
  {
    path: '/dashboard/content',
    ready: (page) => page.getByRole('table', { name: 'Team members' }).getByRole('row').nth(1),
  },
  {
    path: '/dashboard/content/portfolios',
    ready: (page) => page.getByRole('form', { name: 'Skills' }),
  },
  {
    path: '/dashboard/content/home?block=promos',
    ready: (page) => page.getByRole('form', { name: 'Promos' }).getByRole('textbox').first(),
  },
  {
    path: '/dashboard/content/settings',
    ready: (page) => page.getByRole('textbox', { name: 'Support e-mail' }),
  },
];

/**
 * The page's width as the visitor scrolls it, and what sticks out past the screen's right
 * edge (outside a container that scrolls sideways itself), to say what to fix.
 */
function measure(page: Page) {
  return page.evaluate((width) => {
    const scrollsItself = (element: Element) => {
      for (let at = element.parentElement; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
      }
      return false;
    };
    // Fixed elements (header, toasts) span the widened layout viewport: they follow, not cause.
    const fixed = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        if (getComputedStyle(at).position === 'fixed') return true;
      }
      return false;
    };
    // Text for screen readers only (Tailwind's sr-only: clipped to nothing) is never seen.
    const visuallyHidden = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)')
          return true;
      }
      return false;
    };
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.right > width + 0.5 &&
        !scrollsItself(element) &&
        !fixed(element) &&
        !visuallyHidden(element)
      );
    };
    // The innermost culprits: wide elements none of whose children are wide.
    const wide = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, WIDTH);
}

/**
 * Each container on the page that scrolls sideways (wider content than itself): whether a
 * keyboard user can focus it and it says what it holds.
 */
function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => ({
        focusable: element.tabIndex >= 0,
        labelled: Boolean(
          element.getAttribute('aria-label') ?? element.getAttribute('aria-labelledby'),
        ),
      })),
  );
}

/** The dialog's box, whole on the screen, and each of its buttons reachable by tap. */
async function expectDialogFits(page: Page, dialog: Locator, shot: string) {
  await dialog.waitFor();
  // Radix and the dialogs animate in: poll until the box has settled on the screen.
  await expect
    .poll(
      () =>
        dialog.evaluate(
          (element, { width, height }) => {
            const box = element.getBoundingClientRect();
            return box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height;
          },
          { width: WIDTH, height: HEIGHT },
        ),
      POLL,
    )
    .toBe(true);
  expect((await measure(page)).scrollWidth).toBe(WIDTH);
  // Nothing in it is wider than it: it scrolls up and down only (else: what sticks out).
  const sticksOut = await dialog.evaluate((element) => {
    // The edge of its content box: nothing reaches into its padding either.
    const box = element.getBoundingClientRect();
    const padding = Number.parseFloat(getComputedStyle(element).paddingRight);
    const edge = box.left + element.clientLeft + element.clientWidth - padding;
    return [...element.querySelectorAll('*')]
      .filter((inner) => inner.getBoundingClientRect().right > edge + 0.5)
      .map((inner) => `${inner.tagName.toLowerCase()}.${inner.className}`);
  });
  expect(sticksOut).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  for (const button of await dialog.getByRole('button').all()) {
    await button.scrollIntoViewIfNeeded();
    expect(await placement(button), (await button.textContent()) ?? '').toEqual(REACHABLE);
  }
}

/** The whole page into SHOTS, in screen-sized slices one can read. */
async function shoot(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < height; y += HEIGHT * 2, part += 1) {
    const clip = { x: 0, y, width: WIDTH, height: Math.min(HEIGHT * 2, height - y) };
    await page.screenshot({ path: `${SHOTS}/${name}-${part}.png`, fullPage: true, clip });
  }
}

describe('the dashboard on a phone (360 px, touch, Android Chrome)', () => {
  const browserSite = useBrowserSite();

  /** A phone signed in as the executive, at `path` once interactive (none: a blank page). */
  async function openAsExecutive(path?: string) {
    const page = await browserSite.browser.newPage({ ...PHONE });
    await browserSite.signInAsStaff(page, ['executive'], EXECUTIVE);
    if (path === undefined) return page;
    await page.goto(browserSite.url + path);
    await waitForPage(page);
    return page;
  }

  beforeAll(async () => {
    const db = browserSite.db;
    await createStaffUsersRepository(db).upsertByDiscordId({ ...DESIGNER, roles: ['designer'] });
    const submitted = await requestJson(browserSite, 'POST', '/api/applications', {
      body: APPLICATION,
    });
    expect(submitted.status).toBe(201);
    applicationId = (submitted.body as { id: number }).id;
    // Logged last week and before: the payouts page has lines; each one reviewed.
    for (const [i, id] of ORDERS.entries()) {
      const at = new Date(Date.now() - (i + 8) * 24 * 60 * 60_000).toISOString();
      await insertOrder(db, {
        ...loggedOrder(id, DESIGNER.discordId, at, { price: 1000 + i * 250 }),
        status: 'reviewed',
        customerRobloxUsername: `PhoneBuyer${i + 1}`,
      });
      await db.insert(reviews).values({
        orderId: id,
        rating: 5 - i,
        comment: ['Stellar logo', 'Took a while', 'Nice livery'][i] ?? '',
        publish: true,
        hidden: false,
        customerDiscordId: `23000000000000010${i}`,
        createdAt: new Date(at),
      });
    }
    for (const [name, subject] of [
      ['Alice', 'Logo price'],
      ['Bob', 'Bot help'],
    ] as const) {
      const sent = await requestJson(browserSite, 'POST', '/api/contact', {
        body: { name, email: `${name.toLowerCase()}@example.com`, subject, message: 'Hello.' },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
  });

  it('keeps every page as wide as the screen; wide tables scroll in a focusable region', async () => {
    const page = await openAsExecutive();
    const errors = watchPageErrors(page);
    const widths: Record<string, { scrollWidth: number; wide: string[] }> = {};
    const scrollers: Record<string, { focusable: boolean; labelled: boolean }[]> = {};
    for (const stop of STOPS) {
      await page.goto(browserSite.url + stop.path);
      await waitForPage(page);
      await stop.ready(page).first().waitFor();
      await waitForData(page); // every part of the page, not only the one named
      widths[stop.path] = await measure(page);
      scrollers[stop.path] = await sidewaysScrollers(page);
      if (SHOTS) await shoot(page, stop.path.replaceAll('/', '_'));
    }
    expect(widths).toEqual(
      Object.fromEntries(STOPS.map((stop) => [stop.path, { scrollWidth: WIDTH, wide: [] }])),
    );
    for (const [path, found] of Object.entries(scrollers)) {
      for (const scroller of found) {
        expect(scroller, path).toEqual({ focusable: true, labelled: true });
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reaches every section from the section links by tap', async () => {
    // On a phone the side nav wraps above the page: eight short links, in three rows.
    const page = await openAsExecutive('/dashboard');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    for (const section of [...SECTIONS.slice(1), SECTIONS[0]]) {
      if (!section) continue;
      const link = nav.getByRole('link', { name: section.label, exact: true });
      await link.scrollIntoViewIfNeeded();
      expect(await placement(link), section.label).toEqual(REACHABLE);
      await link.tap();
      await page.waitForURL((url) => url.pathname === sectionPath(section));
      await expect
        .poll(
          () =>
            nav
              .getByRole('link', { name: section.label, exact: true })
              .getAttribute('aria-current'),
          POLL,
        )
        .toBe('page');
    }
    await page.close();
  });

  it('fits the decision dialog on the screen', async () => {
    const page = await openAsExecutive(`/dashboard/applications/${applicationId}`);
    await page.getByRole('button', { name: 'Accept' }).tap();
    const dialog = page.getByRole('dialog', { name: `Accept ${APPLICANT}?` });
    await expectDialogFits(page, dialog, 'decision-dialog');
    await page.close();
  });

  it('fits the member and portfolio project dialogs on the screen', async () => {
    const page = await openAsExecutive('/dashboard/content');
    const edit = page
      .getByRole('table', { name: 'Team members' })
      .getByRole('button', { name: /^Edit / })
      .first();
    await edit.scrollIntoViewIfNeeded();
    await edit.tap();
    await expectDialogFits(page, page.getByRole('dialog'), 'member-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // A category's delete dialog says what becomes of its members, on the screen too.
    const categories = page.getByRole('region', { name: 'Categories' });
    const remove = categories.getByRole('button', { name: 'Delete Graphics Design' });
    await remove.scrollIntoViewIfNeeded();
    await remove.tap();
    await expectDialogFits(
      page,
      page.getByRole('dialog', { name: 'Delete the category Graphics Design?' }),
      'category-delete',
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto(`${browserSite.url}/dashboard/content/portfolios`);
    await waitForPage(page);
    const portfolios = page.getByRole('region', { name: 'Portfolios' });
    await portfolios.getByRole('combobox', { name: 'Portfolio to edit' }).selectOption('ashgfx');
    const add = portfolios.getByRole('button', { name: 'Add project' });
    await add.waitFor();
    await waitForData(page);
    expect((await measure(page)).wide).toEqual([]);
    if (SHOTS) await shoot(page, 'portfolio-editor');
    await add.scrollIntoViewIfNeeded();
    await add.tap();
    await expectDialogFits(page, page.getByRole('dialog', { name: 'Add a project' }), 'project');
    await page.close();
  });

  it('opens the icon picker of a home page block inside the screen, and picks by tap', async () => {
    const page = await openAsExecutive('/dashboard/content/home?block=services');
    const services = page.getByRole('form', { name: 'Services' });
    const picker = services.getByRole('button', { name: /^Service 1 Icon/ });
    await picker.scrollIntoViewIfNeeded();
    await picker.tap();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect
      .poll(
        () =>
          menu.evaluate((element, width) => {
            const box = element.getBoundingClientRect();
            return box.left >= 0 && box.right <= width;
          }, WIDTH),
        POLL,
      )
      .toBe(true);
    expect((await measure(page)).wide).toEqual([]);
    const rocket = menu.getByRole('menuitemradio', { name: 'rocket' });
    await rocket.scrollIntoViewIfNeeded();
    await rocket.tap();
    await expect.poll(() => picker.textContent(), POLL).toContain('rocket');
    await page.close();
  });
});
