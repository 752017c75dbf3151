import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from '../support/fake-discord';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { deliverWebhook, stripeEvent } from '../support/stripe-signature';
import {
  expectNoAxeViolations,
  launchBrowser,
  startSite,
  type TestSite,
  waitForPage,
  watchPageErrors,
} from './support';

// Issue 31's proof in a real browser: the whole order from the site's pricing card through
// paying by card to a closed ticket. The visitor orders a plan and continues with Discord (the
// fake), the worker opens their ticket, the designer runs /createpayment with a card price, the
// customer presses "Pay by card" on "Your orders", pays on Stripe's page (the fake Stripe; its
// hosted page stood in by the browser), Stripe's signed webhook pays the order with nobody
// pressing anything, the customer gets a receipt by DM, and the ticket closes.

const POLL = { timeout: 45_000, interval: 250 };

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

type Embed = { fields?: { name: string; value: string }[] };

describe('an order paid by card, from the pricing card to a closed ticket, in Chromium', () => {
  let fake: FakeDiscord;
  let stripe: FakeStripe;
  let site: TestSite;
  let base: string;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const categoryId = generateSnowflake();
  const leadRole = generateSnowflake();
  const designerRole = generateSnowflake();

  beforeAll(async () => {
    stripe = await startFakeStripe();
    fake = await startFakeDiscord({
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
      ...stripe.env,
    });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await fake?.close();
    await stripe?.close();
  });

  it('orders, pays by card through Stripe and ends with the ticket closed', async () => {
    const customer = { id: generateSnowflake(), username: 'card.customer' };
    const designer = fake.guild.members.find((member) => member.roles.includes(designerRole));
    const lead = fake.guild.members.find((member) => member.roles.includes(leadRole));
    fake.oauth.nextUser = customer;
    const page = await browser.newPage();
    const errors = watchPageErrors(page);

    // The pricing card, Discord, the intake: the ticket opens.
    await page.goto(`${base}/#pricing`);
    await waitForPage(page);
    await page.getByRole('link', { name: 'Get Started with Basic Design' }).click();
    await page.waitForURL(`${base}/order/plan/basic-design`);
    await page.getByRole('link', { name: 'Continue with Discord' }).click();
    await page.getByText(`Signed in with Discord as ${customer.username}`).waitFor();
    await page
      .getByRole('textbox', { name: 'What do you want?' })
      .fill('A logo for our fire department, red and white');
    await page.getByRole('textbox', { name: 'Budget (Robux)' }).fill('1,000');
    await page.getByRole('textbox', { name: 'Deadline' }).fill('Next Friday');
    await page.getByRole('textbox', { name: 'Roblox username' }).fill('Builder_01');
    await page.getByRole('button', { name: 'Open my ticket' }).click();
    await page
      .getByRole('heading', { name: 'Your ticket is open' })
      .waitFor({ timeout: POLL.timeout });
    const number = Number(new URL(page.url()).pathname.split('/').at(-1));
    const ticket = await createTicketsRepository(site.db).getTicket(number);
    const channelId = ticket?.channelId ?? '';
    const orderId = ticket?.orderId ?? '';
    expect(channelId).not.toBe('');

    // The designer asks for payment in the ticket: 700 R$, or $15.00 by card (the commands
    // registered as `npm run register` does).
    await registerGuildCommands(
      { token: fake.botToken, guildId: fake.guild.id, apiUrl: fake.apiUrl },
      registry.commands.map((item) => item.data),
    );
    await fake.runCommand({
      name: 'createpayment',
      options: { price: 700, roblox_username: 'Builder_01', card_price: '15' },
      channelId,
      userId: designer?.user.id ?? '',
    });
    await expect
      .poll(
        () =>
          fake
            .messagesIn(channelId)
            .some((message) => JSON.stringify(message.components ?? []).includes('Pay by card')),
        POLL,
      )
      .toBe(true);

    // "Your orders": the amount and the card button; pressing it leads to Stripe's page.
    await page.goto(`${base}/orders`);
    await waitForPage(page);
    const pay = page.getByRole('link', { name: `Pay by card ($15.00) for order ${orderId}` });
    await pay.waitFor({ timeout: POLL.timeout });
    await expectNoAxeViolations(page);
    // Stripe's hosted page is on the internet: the browser is shown a stand-in.
    await page.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Stripe Checkout</title><h1>Pay $15.00</h1></html>',
      }),
    );
    await pay.click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
    const sessionId = page.url().split('/').at(-1) ?? '';
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      amount_total: 1500,
      metadata: { order_id: orderId },
    });

    // The customer pays; Stripe signs its webhook and sends them back to "Your orders".
    const session = stripe.pay(sessionId);
    expect(
      await deliverWebhook(
        `${base}/api/payments/stripe/webhook`,
        stripeEvent('checkout.session.completed', session),
        stripe.webhookSecret,
      ),
    ).toBe(200);
    await page.goto(session.success_url);
    await waitForPage(page);
    await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: POLL.timeout });
    expect(await pay.count()).toBe(0);

    // One receipt by DM, saying the card and its amount.
    await expect
      .poll(() => fake.dmsTo(customer.id).filter((m) => m.content?.includes('receipt')), POLL)
      .toHaveLength(1);
    const receipt = fake.dmsTo(customer.id).find((m) => m.content?.includes('receipt'));
    expect((receipt?.embeds as Embed[] | undefined)?.[0]?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Amount', value: '$15.00' }),
        expect.objectContaining({ name: 'Method', value: 'Card' }),
      ]),
    );

    // The work is done and the ticket closes: the customer's page says so.
    const closed = await createTicketsRepository(site.db).forceCloseTicket(
      number,
      { discordId: lead?.user.id ?? '', roles: new Set(['lead'] as const) },
      'Delivered',
    );
    expect(closed.ok).toBe(true);
    await page.goto(`${base}/orders`);
    await waitForPage(page);
    await page.getByText('Closed', { exact: true }).first().waitFor({ timeout: POLL.timeout });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
