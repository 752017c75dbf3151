import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from '../support/fake-discord';
import {
  expectNoAxeViolations,
  launchBrowser,
  PHONE,
  startSite,
  type TestSite,
  waitForPage,
  watchPageErrors,
} from './support';

// Issue 25's proof on the site: a visitor orders a plan from the pricing section, continues
// with Discord (OAuth2 on the fake, scopes identify + guilds.join), fills in the intake (an
// error first: shown beside its field, nothing typed lost), and lands on "Your ticket is open"
// once the worker (bot role, against the fake) added them to the server and made the channel.

const POLL = { timeout: 45_000, interval: 250 };

/** A free loopback port: the site's public URL (and so its OAuth2 redirect) must be known first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('ordering from the pricing section in Chromium', () => {
  let fake: FakeDiscord;
  let site: TestSite;
  let base: string;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const categoryId = generateSnowflake();
  /** The desktop order's ticket, closed in the last test. */
  let opened: { number: number; channelId: string; customerId: string } | undefined;
  const leadRole = generateSnowflake();
  const designerRole = generateSnowflake();

  beforeAll(async () => {
    fake = await startFakeDiscord({
      guild: {
        roles: [
          { id: leadRole, name: 'Lead Designer' },
          { id: designerRole, name: 'Designer' },
        ],
        channels: [{ id: categoryId, name: 'Tickets', type: 4 }, { name: 'transcripts' }],
        members: [{ username: 'lead', roles: [leadRole] }],
      },
    });
    const transcriptsId = fake.guild.channels.find((item) => item.name === 'transcripts')?.id ?? '';
    const port = await freePort();
    base = `http://localhost:${port}`;
    fake.oauth.redirectUris = [`${base}/auth/customer/callback`];
    site = await startSite({
      PORT: String(port),
      LUNAR_ROLES: 'web,bot,worker',
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: fake.guild.id,
      DISCORD_CLIENT_ID: fake.oauth.clientId,
      DISCORD_CLIENT_SECRET: fake.oauth.clientSecret,
      DISCORD_OAUTH_URL: fake.oauthUrl,
      DISCORD_LEAD_ROLE_ID: leadRole,
      DISCORD_DESIGNER_ROLE_ID: designerRole,
      DISCORD_TICKETS_CATEGORY_ID: categoryId,
      DISCORD_TRANSCRIPTS_CHANNEL_ID: transcriptsId,
      OUTBOX_POLL_MS: '200',
    });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await fake?.close();
  });

  async function order(page: Page, customer: { id: string; username: string }, phone: boolean) {
    const press = (locator: ReturnType<Page['getByRole']>) =>
      phone ? locator.tap() : locator.click();
    fake.oauth.nextUser = customer;
    const errors = watchPageErrors(page);
    await page.goto(`${base}/#pricing`);
    await waitForPage(page);
    await press(page.getByRole('link', { name: 'Get Started with Basic Design' }));
    await page.waitForURL(`${base}/order/plan/basic-design`);
    await page.getByRole('heading', { name: 'Basic Design' }).waitFor();
    await expectNoAxeViolations(page);

    // Discord's authorize page (the fake approves at once), then back to this page.
    await press(page.getByRole('link', { name: 'Continue with Discord' }));
    await page.getByText(`Signed in with Discord as ${customer.username}`).waitFor();
    expect(page.url()).toBe(`${base}/order/plan/basic-design`);
    const grant = fake.oauth.grants.at(-1);
    expect([grant?.user.id, grant?.scopes]).toEqual([customer.id, ['identify', 'guilds.join']]);

    const request = page.getByRole('textbox', { name: 'What do you want?' });
    await request.fill('A logo and a banner for our sheriff department, in navy and gold');
    await page.getByRole('textbox', { name: 'Budget (Robux)' }).fill('lots');
    await page.getByRole('textbox', { name: 'Deadline' }).fill('Next Friday');
    await page.getByRole('textbox', { name: 'Roblox username' }).fill('Builder_01');
    await press(page.getByRole('button', { name: 'Open my ticket' }));
    // The schema's words beside the field, focus on it, and nothing typed is lost.
    const budget = page.getByRole('textbox', { name: 'Budget (Robux)' });
    await expect.poll(() => budget.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await budget.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await request.inputValue()).toBe(
      'A logo and a banner for our sheriff department, in navy and gold',
    );
    await budget.fill('1,500');
    await press(page.getByRole('button', { name: 'Open my ticket' }));

    await page
      .getByRole('heading', { name: 'Your ticket is open' })
      .waitFor({ timeout: POLL.timeout });
    const link = page.getByRole('link', { name: /Open ticket-\d{4} in Discord/ });
    const href = (await link.getAttribute('href')) ?? '';
    const channelId = href.split('/').at(-1) ?? '';
    expect(href).toBe(`https://discord.com/channels/${fake.guild.id}/${channelId}`);
    // The worker added them to the server with their token, and made their channel.
    expect(fake.guild.members.some((member) => member.user.id === customer.id)).toBe(true);
    const channel = fake.guild.channels.find((item) => item.id === channelId);
    expect(channel?.parentId).toBe(categoryId);
    const number = Number(new URL(page.url()).pathname.split('/').at(-1));
    const ticket = await createTicketsRepository(site.db).getTicket(number);
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
    const page = await browser.newPage();
    await order(page, { id: generateSnowflake(), username: 'desktop.customer' }, false);
    await page.close();
  }, 120_000);

  it('shows the closed ticket’s transcript to its customer, as text', async () => {
    if (!opened) throw new Error('the desktop order did not open a ticket');
    const { number, channelId, customerId } = opened;
    fake.postAsMember({
      channelId,
      userId: customerId,
      content: '<img src=x onerror="window.__pwned=1"> Thanks, it looks great!',
    });
    const lead = fake.guild.members.find((member) => member.roles.includes(leadRole));
    const closed = await createTicketsRepository(site.db).forceCloseTicket(
      number,
      { discordId: lead?.user.id ?? '', roles: new Set(['lead'] as const) },
      'Delivered',
    );
    expect(closed.ok).toBe(true);
    const page = await browser.newPage();
    fake.oauth.nextUser = { id: customerId, username: 'desktop.customer' };
    await page.goto(`${base}/auth/customer?next=${encodeURIComponent(`/orders/${number}`)}`);
    await page.getByRole('heading', { name: 'Transcript' }).waitFor({ timeout: POLL.timeout });
    await page.getByText('Thanks, it looks great!', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.getByText('Closed', { exact: true }).first().waitFor();
    await page.close();
  }, 120_000);

  it('opens a ticket on a phone', async () => {
    const page = await browser.newPage(PHONE);
    await order(page, { id: generateSnowflake(), username: 'phone.customer' }, true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  }, 120_000);
});
