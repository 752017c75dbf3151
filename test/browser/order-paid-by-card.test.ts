import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { generateSnowflake } from '../support/fake-discord';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { deliverWebhook, stripeEvent } from '../support/stripe-signature';
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

// Issue 31's proof in a real browser: the whole order from the site's pricing card through
// paying by card to a closed ticket. The visitor orders a plan and continues with Discord (the
// fake), the worker opens their ticket, the designer runs /createpayment with a card price, the
// customer presses "Pay by card" on "Your orders", pays on Stripe's page (the fake Stripe; its
// hosted page stood in by the browser), Stripe's signed webhook pays the order with nobody
// pressing anything, the customer gets a receipt by DM, and the ticket closes. At desktop size
// and on a phone, each a customer of its own.

type Embed = { fields?: { name: string; value: string }[] };

const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe('an order paid by card, from the pricing card to a closed ticket, in Chromium', () => {
  let stripe: FakeStripe;
  let journey: OrderSite;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    journey = await startOrderSite(stripe.env);
    // The designer's commands, registered as `npm run discord:register` does.
    const { fake } = journey;
    await registerGuildCommands(
      { token: fake.botToken, guildId: fake.guild.id, apiUrl: fake.apiUrl },
      registry.commands.map((item) => item.data),
    );
  }, 90_000);
  afterAll(async () => {
    await journey?.close();
    await stripe?.close();
  });

  it.each([
    ['at desktop size', DESKTOP, false],
    ['on a phone', PHONE, true],
  ] as const)(
    'orders, pays by card through Stripe and ends with the ticket closed, %s',
    async (_device, options, phone) => {
      const { fake, site, base } = journey;
      const press = pressOn(phone);
      const customer = {
        id: generateSnowflake(),
        username: `card.customer.${phone ? 'phone' : 'desk'}`,
      };
      const designer = fake.guild.members.find((m) => m.roles.includes(journey.designerRole));
      const lead = fake.guild.members.find((member) => member.roles.includes(journey.leadRole));
      const page = await journey.browser.newPage(options);
      const errors = watchPageErrors(page);

      // The pricing card, Discord, the intake: the ticket opens.
      await continueWithDiscord(journey, page, customer, phone);
      await fillIntake(page, {
        request: 'A logo for our fire department, red and white',
        budget: '1,000',
      });
      const { number, channelId, orderId } = await openTicket(journey, page, phone);

      // The designer asks for payment in the ticket: 700 R$, or $15.00 by card.
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
      // The link answers with a 303 to Stripe's hosted page, which is on the internet: the
      // browser is shown a stand-in in its place. (A route on checkout.stripe.com itself is
      // not reliably asked for a redirect's next request: the phone run went to DNS.)
      let stripeUrl = '';
      await page.route('**/api/payments/card/*/checkout', async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        expect(response.status()).toBe(303);
        stripeUrl = response.headers().location ?? '';
        await route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html lang="en"><title>Stripe Checkout</title><h1>Pay $15.00</h1></html>',
        });
      });
      await press(pay);
      await page.getByRole('heading', { name: 'Pay $15.00' }).waitFor();
      expect(stripeUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
      const sessionId = stripeUrl.split('/').at(-1) ?? '';
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
      await expectNoAxeViolations(page);
      // Nothing wider than the phone's screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await page.close();
    },
    120_000,
  );
});
