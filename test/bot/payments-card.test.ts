import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { createCardPaymentsRepository } from '../../db/repositories/card-payments';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createSiteContentRepository } from '../../db/repositories/site-content';
import { DRIVERS } from '../support/database';
import type { FakeMessage } from '../support/fake-discord/messages';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { type BotHarness, startBotHarness } from './harness';

// /createpayment with Stripe configured: the order's Checkout Session, made at once with the
// card price, and the payment embed's "Pay by card" button (the real bot, the fake Discord,
// the fake Stripe). The webhook and refunds: test/server/payments-card.test.ts.
const LOADED = { timeout: 30_000 };

describe.each(DRIVERS)('card payments at /createpayment on %s', { timeout: 90_000 }, (driver) => {
  let h: BotHarness;
  let stripe: FakeStripe;
  let customer: string;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    h = await startBotHarness(driver, { env: stripe.env });
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    customer = h.fake.addMember({ username: 'card-customer' }).user.id;
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await stripe?.close();
  });

  async function createPayment(orderId: string, options: Record<string, unknown> = {}) {
    const record = await h.fake.runCommand({
      name: 'createpayment',
      options: {
        price: 700,
        roblox_username: 'Card_Payer',
        order_id: orderId,
        customer,
        ...options,
      },
      channelId: h.ids.ticketChannel,
      userId: h.users.designer,
    });
    const text = () =>
      [record.response?.data?.content, record.loading ? undefined : record.original?.content]
        .filter(Boolean)
        .join('\n');
    await expect.poll(text, LOADED).not.toBe('');
    return { record, answer: text() };
  }
  async function embedOf(record: Awaited<ReturnType<typeof createPayment>>['record']) {
    await expect.poll(() => record.followUps.some((m) => !m.ephemeral), LOADED).toBe(true);
    return record.followUps.find((m) => !m.ephemeral) as FakeMessage;
  }
  const buttons = (message: FakeMessage) =>
    (message.components as { components: { label: string; url?: string }[] }[]).flatMap(
      (row) => row.components,
    );

  it('makes the order’s Checkout Session at its card price and offers it in the embed', async () => {
    const { record, answer } = await createPayment('k-1', { card_price: '15' });
    expect(answer).toContain('Payment request for order k-1 created.');
    const embed = await embedOf(record);
    expect(buttons(embed)).toContainEqual(
      expect.objectContaining({
        label: 'Pay by card ($15.00)',
        url: 'http://localhost:3000/api/payments/card/k-1/checkout',
      }),
    );
    const [session, ...more] = stripe.sessionsFor('k-1');
    expect(more).toEqual([]);
    expect(session).toMatchObject({
      amount_total: 1500,
      currency: 'usd',
      client_reference_id: 'k-1',
    });
    expect(stripe.requests.find((r) => r.path === '/v1/checkout/sessions')?.idempotencyKey).toBe(
      'lunar-checkout:k-1:1500:1',
    );
    const card = () => createCardPaymentsRepository(h.database.db).findCardPayment('k-1');
    // Recorded just after the embed is posted, to edit it once paid.
    await expect.poll(async () => (await card())?.embedMessageId, LOADED).toBe(embed.id);
    expect(await card()).toMatchObject({ amount: 1500, sessionId: session?.id });
  });

  it('refuses a card price that is not an amount, creating nothing', async () => {
    const { answer } = await createPayment('k-2', { card_price: '15 dollars' });
    expect(answer).toBe(
      'The card price must be an amount in USD such as 15 or 12.50. Nothing was created.',
    );
    expect(await createOrdersRepository(h.database.db).findOrder('k-2')).toBeNull();
  });

  it('creates the order while Stripe is down; the card link makes the session later', async () => {
    stripe.setOutage(503);
    try {
      const { record, answer } = await createPayment('k-3', { card_price: '12.50' });
      expect(answer).toContain('Payment request for order k-3 created.');
      const embed = await embedOf(record);
      expect(buttons(embed).map((b) => b.label)).toContain('Pay by card ($12.50)');
    } finally {
      stripe.setOutage(null);
    }
    expect((await createOrdersRepository(h.database.db).findOrder('k-3'))?.status).toBe(
      'awaiting_payment',
    );
    expect(stripe.sessionsFor('k-3')).toEqual([]);
    expect(await createCardPaymentsRepository(h.database.db).findCardPayment('k-3')).toMatchObject({
      amount: 1250,
      sessionId: null,
    });
  });

  it('prices the card from Settings’ card price of 100 R$ when card_price is left out', async () => {
    const content = createSiteContentRepository(h.database.db);
    const { value } = await content.read('settings');
    await content.write('settings', { ...value, cardPricePer100Robux: '1.25' });
    try {
      const { record } = await createPayment('k-5');
      const embed = await embedOf(record);
      // 700 R$ for the studio at $1.25 per 100 R$.
      expect(buttons(embed).map((b) => b.label)).toContain('Pay by card ($8.75)');
      expect(stripe.sessionsFor('k-5')[0]?.amount_total).toBe(875);
    } finally {
      await content.reset('settings');
    }
  });

  it('offers no card without a card price', async () => {
    const { record } = await createPayment('k-4');
    const embed = await embedOf(record);
    expect(buttons(embed).map((b) => b.label)).not.toContain(expect.stringMatching(/card/));
    expect(stripe.sessionsFor('k-4')).toEqual([]);
  });
});
