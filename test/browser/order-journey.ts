import type { Browser, Page } from 'playwright-core';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from '../support/fake-discord';
import { freePort } from '../support/free-port';
import {
  expectNoAxeViolations,
  launchBrowser,
  startSite,
  type TestSite,
  waitForPage,
} from './support';

// The customer's way in, shared by the order journeys (order-from-site.test.ts,
// order-paid-by-card.test.ts): the site with the bot and the worker against the fake Discord
// (and, given its env, the fake Stripe), and the steps from the pricing card to an open ticket.

export const ORDER_POLL = { timeout: 45_000, interval: 250 };

export type OrderSite = {
  fake: FakeDiscord;
  site: TestSite;
  /** The site's public URL: the OAuth2 redirect must be known before it starts. */
  base: string;
  browser: Browser;
  categoryId: string;
  leadRole: string;
  designerRole: string;
  close(): Promise<void>;
};

/**
 * The site (web, bot and worker) on a known port with the fake Discord's server: a Tickets
 * category, a transcripts channel, a lead and a designer; `env` adds to its configuration.
 */
export async function startOrderSite(env: Record<string, string> = {}): Promise<OrderSite> {
  const categoryId = generateSnowflake();
  const leadRole = generateSnowflake();
  const designerRole = generateSnowflake();
  const fake = await startFakeDiscord({
    guild: {
      roles: [
        { id: leadRole, name: 'Lead Designer' },
        { id: designerRole, name: 'Designer' },
      ],
      channels: [{ id: categoryId, name: 'Tickets', type: 4 }, { name: 'transcripts' }],
      members: [
        { username: 'lead', roles: [leadRole] },
        { username: 'designer', roles: [designerRole] },
      ],
    },
  });
  const transcriptsId = fake.guild.channels.find((item) => item.name === 'transcripts')?.id ?? '';
  const port = await freePort();
  const base = `http://localhost:${port}`;
  fake.oauth.redirectUris = [`${base}/auth/customer/callback`];
  const site = await startSite({
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
    ...env,
  });
  const browser = await launchBrowser();
  return {
    fake,
    site,
    base,
    browser,
    categoryId,
    leadRole,
    designerRole,
    async close() {
      await browser.close();
      await site.close();
      await fake.close();
    },
  };
}

/** A tap on a phone, else a click: what the customer's finger or mouse does. */
export function pressOn(phone: boolean) {
  return (locator: ReturnType<Page['getByRole']>) => (phone ? locator.tap() : locator.click());
}

/**
 * The pricing section's Basic Design card, its order page (axe clean) and Discord's authorize
 * page (the fake approves at once) back to it, signed in as `customer`.
 */
export async function continueWithDiscord(
  { fake, base }: OrderSite,
  page: Page,
  customer: { id: string; username: string },
  phone: boolean,
) {
  const press = pressOn(phone);
  fake.oauth.nextUser = customer;
  await page.goto(`${base}/#pricing`);
  await waitForPage(page);
  await press(page.getByRole('link', { name: 'Get Started with Basic Design' }));
  await page.waitForURL(`${base}/order/plan/basic-design`);
  await page.getByRole('heading', { name: 'Basic Design' }).waitFor();
  await expectNoAxeViolations(page);
  await press(page.getByRole('link', { name: 'Continue with Discord' }));
  await page.getByText(`Signed in with Discord as ${customer.username}`).waitFor();
}

/** The intake's four fields, as the customer types them. */
export async function fillIntake(
  page: Page,
  { request, budget }: { request: string; budget: string },
) {
  await page.getByRole('textbox', { name: 'What do you want?' }).fill(request);
  await page.getByRole('textbox', { name: 'Budget (Robux)' }).fill(budget);
  await page.getByRole('textbox', { name: 'Deadline' }).fill('Next Friday');
  await page.getByRole('textbox', { name: 'Roblox username' }).fill('Builder_01');
}

/** Presses "Open my ticket" and waits for the worker to open it: its number, channel and order. */
export async function openTicket({ site }: OrderSite, page: Page, phone: boolean) {
  await pressOn(phone)(page.getByRole('button', { name: 'Open my ticket' }));
  await page
    .getByRole('heading', { name: 'Your ticket is open' })
    .waitFor({ timeout: ORDER_POLL.timeout });
  const number = Number(new URL(page.url()).pathname.split('/').at(-1));
  const ticket = await createTicketsRepository(site.db).getTicket(number);
  if (!ticket?.channelId) throw new Error(`ticket ${number} has no channel`);
  return { number, ticket, channelId: ticket.channelId, orderId: ticket.orderId };
}
