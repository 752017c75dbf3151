import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { generateSnowflake } from '../support/fake-discord';
import {
  continueWithDiscord,
  fillIntake,
  type OrderSite,
  openTicket,
  ORDER_POLL as POLL,
  pressOn,
  startOrderSite,
} from './order-journey';
import { expectNoAxeViolations, PHONE, waitForPage, watchPageErrors } from './support';

// Issue 25's proof on the site: a visitor orders a plan from the pricing section, continues
// with Discord (OAuth2 on the fake, scopes identify + guilds.join), fills in the intake (an
// error first: shown beside its field, nothing typed lost), and lands on "Your ticket is open"
// once the worker (bot role, against the fake) added them to the server and made the channel.

describe('ordering from the pricing section in Chromium', () => {
  let journey: OrderSite;
  /** The desktop order's ticket, closed in the last test. */
  let opened: { number: number; channelId: string; customerId: string } | undefined;

  beforeAll(async () => {
    journey = await startOrderSite();
  }, 90_000);
  afterAll(async () => {
    await journey?.close();
  });

  async function order(page: Page, customer: { id: string; username: string }, phone: boolean) {
    const { fake, base } = journey;
    const press = pressOn(phone);
    const errors = watchPageErrors(page);
    await continueWithDiscord(journey, page, customer, phone);
    expect(page.url()).toBe(`${base}/order/plan/basic-design`);
    const grant = fake.oauth.grants.at(-1);
    expect([grant?.user.id, grant?.scopes]).toEqual([customer.id, ['identify', 'guilds.join']]);

    const asked = 'A logo and a banner for our sheriff department, in navy and gold';
    await fillIntake(page, { request: asked, budget: 'lots' });
    await press(page.getByRole('button', { name: 'Open my ticket' }));
    // The schema's words beside the field, focus on it, and nothing typed is lost.
    const budget = page.getByRole('textbox', { name: 'Budget (Robux)' });
    await expect.poll(() => budget.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await budget.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('textbox', { name: 'What do you want?' }).inputValue()).toBe(asked);
    await budget.fill('1,500');
    const { number, ticket } = await openTicket(journey, page, phone);

    const link = page.getByRole('link', { name: /Open ticket-\d{4} in Discord/ });
    const href = (await link.getAttribute('href')) ?? '';
    const channelId = href.split('/').at(-1) ?? '';
    expect(href).toBe(`https://discord.com/channels/${fake.guild.id}/${channelId}`);
    // The worker added them to the server with their token, and made their channel.
    expect(fake.guild.members.some((member) => member.user.id === customer.id)).toBe(true);
    const channel = fake.guild.channels.find((item) => item.id === channelId);
    expect(channel?.parentId).toBe(journey.categoryId);
    expect(ticket).toMatchObject({ source: 'site', customerDiscordId: customer.id, channelId });
    opened ??= { number, channelId, customerId: customer.id };
    await expectNoAxeViolations(page);

    // "Your orders" lists it with its status; nothing went wrong in the page.
    await page.goto(`${base}/orders`);
    await waitForPage(page);
    await page.getByRole('link', { name: /Basic Design/ }).waitFor();
    // Signing out ends the customer session: the page offers Continue with Discord again.
    await press(page.getByRole('button', { name: 'Sign out' }));
    await page.getByRole('link', { name: 'Continue with Discord' }).waitFor();
    expect(errors).toEqual([]);
  }

  it('opens a ticket at desktop size', async () => {
    const page = await journey.browser.newPage();
    await order(page, { id: generateSnowflake(), username: 'desktop.customer' }, false);
    await page.close();
  }, 120_000);

  it('shows the closed ticket’s transcript to its customer, as text', async () => {
    if (!opened) throw new Error('the desktop order did not open a ticket');
    const { number, channelId, customerId } = opened;
    const { fake, site, base } = journey;
    fake.postAsMember({
      channelId,
      userId: customerId,
      content: '<img src=x onerror="window.__pwned=1"> Thanks, it looks great!',
    });
    const lead = fake.guild.members.find((member) => member.roles.includes(journey.leadRole));
    const closed = await createTicketsRepository(site.db).forceCloseTicket(
      number,
      { discordId: lead?.user.id ?? '', roles: new Set(['lead'] as const) },
      'Delivered',
    );
    expect(closed.ok).toBe(true);
    const page = await journey.browser.newPage();
    fake.oauth.nextUser = { id: customerId, username: 'desktop.customer' };
    await page.goto(`${base}/auth/customer?next=${encodeURIComponent(`/orders/${number}`)}`);
    await page.getByRole('heading', { name: 'Transcript' }).waitFor({ timeout: POLL.timeout });
    await page.getByText('Thanks, it looks great!', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.getByText('Closed', { exact: true }).first().waitFor();
    await page.close();
  }, 120_000);

  it('opens a ticket on a phone', async () => {
    const page = await journey.browser.newPage(PHONE);
    await order(page, { id: generateSnowflake(), username: 'phone.customer' }, true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  }, 120_000);
});
