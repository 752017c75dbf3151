import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../bot/delivery/worker';
import { createRobloxPayments } from '../../bot/payments/robux-payments';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { ROBLOX_CHECK_ACTOR_ID } from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createPaymentsRepository } from '../../db/repositories/payments';
import { DRIVERS } from '../support/database';
import type { FakeMessage } from '../support/fake-discord/messages';
import { type FakeRoblox, startFakeRoblox } from '../support/fake-roblox';
import { type BotHarness, startBotHarness } from './harness';

// Robux paid through a game pass per order, checked on the fake Roblox (test/support): the
// real bot against the fake Discord, the checks run with a clock moved past their due time.
const LOADED = { timeout: 30_000 };
const SECOND = 1000;

// A test waits up to LOADED for each step under a loaded machine, and some wait for several:
// its own limit is above one step's.
describe.each(DRIVERS)('Robux payments checked on Roblox on %s', { timeout: 90_000 }, (driver) => {
  let h: BotHarness;
  let roblox: FakeRoblox;
  let worker: OutboxWorker;
  let customer: string;
  let ticket: string;
  beforeAll(async () => {
    roblox = await startFakeRoblox();
    h = await startBotHarness(driver, { env: roblox.env });
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    customer = h.fake.addMember({ username: 'customer' }).user.id;
    ticket = h.ids.ticketChannel;
    worker = h.startWorker();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await roblox?.close();
  });

  const orders = () => createOrdersRepository(h.database.db);
  const payments = () => createPaymentsRepository(h.database.db);
  /** The bot's Roblox payments with the clock `aheadMs` later: due checks run now. */
  const checksAt = (aheadMs: number) =>
    createRobloxPayments({
      db: h.database.db,
      config: { ...h.config, roblox: h.config.roblox ?? fail() },
      log: h.log,
      now: () => new Date(Date.now() + aheadMs),
    });
  const fail = (): never => {
    throw new Error('the harness sets the Roblox settings');
  };
  const answerOf = async (record: Awaited<ReturnType<typeof h.fake.runCommand>>) => {
    const text = () =>
      [record.response?.data?.content, record.loading ? undefined : record.original?.content]
        .filter(Boolean)
        .join('\n');
    await expect.poll(text, LOADED).not.toBe('');
    return text();
  };
  const events = async (orderId: string) => (await orders().listEvents(orderId)).map((e) => e.type);
  const inventoryReads = () => roblox.inventoryRequests().length;

  async function createOrder(orderId: string, robloxName: string) {
    const record = await h.fake.runCommand({
      name: 'createpayment',
      options: { price: 700, roblox_username: robloxName, order_id: orderId, customer },
      channelId: ticket,
      userId: h.users.designer,
    });
    expect(await answerOf(record)).toContain(`Payment request for order ${orderId} created.`);
    await expect.poll(() => record.followUps.some((m) => !m.ephemeral), LOADED).toBe(true);
    const embed = record.followUps.find((m) => !m.ephemeral) as FakeMessage;
    await expect
      .poll(async () => (await payments().findPayment(orderId))?.embedMessageId, LOADED)
      .toBe(embed.id);
    return embed;
  }
  const fieldsOf = (message: FakeMessage | undefined) =>
    message?.embeds[0]?.fields as { name: string; value: string }[] | undefined;
  const buttons = (message: FakeMessage) =>
    (
      message.components as { components: { label: string; url?: string; custom_id?: string }[] }[]
    ).flatMap((row) => row.components);

  it('refuses a Roblox name Roblox does not know, creating nothing', async () => {
    const record = await h.fake.runCommand({
      name: 'createpayment',
      options: { price: 700, roblox_username: 'Nobody_Here', order_id: 'r-unknown' },
      channelId: ticket,
      userId: h.users.designer,
    });
    expect(await answerOf(record)).toBe(
      'Roblox has no user named Nobody_Here. Check roblox_username with the customer: nothing was created.',
    );
    expect(await orders().findOrder('r-unknown')).toBeNull();
    expect(roblox.passNamed('Lunar order r-unknown')).toBeUndefined();
  });

  it('verifies a purchase without any person, then takes the pass off sale', async () => {
    const userId = roblox.addUser('Cara_R');
    const embed = await createOrder('r-100', 'Cara_R');
    const pass = roblox.passNamed('Lunar order r-100');
    expect(pass).toMatchObject({ price: 1000, isForSale: true });
    // The customer's buttons: the pass's page and "I've paid"; nobody is pinged but them.
    expect(buttons(embed).map((b) => [b.label, b.url ?? b.custom_id])).toEqual([
      ['Buy the game pass (1,000 R$)', `https://www.roblox.com/game-pass/${pass?.gamePassId}`],
      ['I’ve paid', 'order:i_paid:r-100'],
    ]);
    expect(embed.allowedMentions).toEqual({ parse: [], users: [customer] });
    expect(
      h.fake.messagesIn(h.ids.paymentsChannel).filter((m) => m.content.includes('r-100')),
    ).toEqual([]);

    // Not bought yet: the scheduled check finds nothing and looks again later.
    await checksAt(31 * SECOND).runDueChecks();
    expect((await orders().findOrder('r-100'))?.status).toBe('awaiting_payment');
    expect((await payments().findPayment('r-100'))?.lastCheckResult).toBe('not_yet');

    roblox.purchase(userId, pass?.gamePassId ?? 0);
    await checksAt(2 * 60 * SECOND).runDueChecks();
    const order = await orders().findOrder('r-100');
    expect(order).toMatchObject({ status: 'paid', paymentVerifiedBy: ROBLOX_CHECK_ACTOR_ID });
    const timeline = await orders().listEvents('r-100');
    expect(timeline.at(-1)).toMatchObject({
      type: 'payment_verified',
      actorDiscordId: ROBLOX_CHECK_ACTOR_ID,
    });

    // The ticket is told (customer and designer), the embed says so, the pass leaves sale.
    worker.wake();
    await expect
      .poll(
        () =>
          h.fake
            .messagesIn(ticket)
            .some((m) => m.content.startsWith('Payment for order r-100 is verified')),
        LOADED,
      )
      .toBe(true);
    await expect
      .poll(() => {
        const edited = h.fake.messagesIn(ticket).find((m) => m.id === embed.id);
        return fieldsOf(edited)?.find((f) => f.name === 'Status')?.value;
      }, LOADED)
      .toMatch(/^Verified by the automatic Roblox check/);
    await checksAt(2 * 60 * SECOND).syncDuePasses();
    expect(roblox.passNamed('Lunar order r-100')?.isForSale).toBe(false);
  });

  it('does not count another account’s purchase of the pass', async () => {
    roblox.addUser('Owner_Two');
    const stranger = roblox.addUser('Stranger_9');
    await createOrder('r-101', 'Owner_Two');
    roblox.purchase(stranger, roblox.passNamed('Lunar order r-101')?.gamePassId ?? 0);
    await checksAt(31 * SECOND).runDueChecks();
    expect((await orders().findOrder('r-101'))?.status).toBe('awaiting_payment');
    expect((await payments().findPayment('r-101'))?.lastCheckResult).toBe('not_yet');
  });

  it('asks a verifier, with the reason, when the inventory is private, and tells the customer how to show it', async () => {
    roblox.addUser('Hidden_Kid', { private: true });
    await createOrder('r-102', 'Hidden_Kid');
    await checksAt(31 * SECOND).runDueChecks();
    worker.wake();
    await expect
      .poll(
        () =>
          h.fake
            .messagesIn(h.ids.paymentsChannel)
            .find((m) => m.embeds[0]?.title === 'Verify the payment for order r-102'),
        LOADED,
      )
      .toBeDefined();
    const request = h.fake
      .messagesIn(h.ids.paymentsChannel)
      .find((m) => m.embeds[0]?.title === 'Verify the payment for order r-102') as FakeMessage;
    expect(request.content).toBe(
      `<@&${h.ids.paymentVerifierRole}> a payment is waiting for verification.`,
    );
    expect(fieldsOf(request)?.find((f) => f.name === 'Why a person is needed')?.value).toBe(
      'Hidden_Kid’s inventory is private, so the bot cannot see the purchase.',
    );
    await expect
      .poll(
        () =>
          h.fake
            .messagesIn(ticket)
            .some((m) => m.content.includes('cannot see the inventory of Hidden\\_Kid on Roblox')),
        LOADED,
      )
      .toBe(true);
    // The manual button still works.
    await h.fake.clickButton({
      messageId: request.id,
      customId: 'order:verify_payment:r-102',
      channelId: request.channelId,
      userId: h.users.verifier,
    });
    await expect.poll(async () => (await orders().findOrder('r-102'))?.status, LOADED).toBe('paid');
  });

  it('answers 50 presses of “I’ve paid” at once with one check', async () => {
    const userId = roblox.addUser('Fast_Clicker');
    const embed = await createOrder('r-103', 'Fast_Clicker');
    roblox.purchase(userId, roblox.passNamed('Lunar order r-103')?.gamePassId ?? 0);
    const before = inventoryReads();
    const presses = await Promise.all(
      Array.from({ length: 50 }, () =>
        h.fake.clickButton({
          messageId: embed.id,
          customId: 'order:i_paid:r-103',
          channelId: ticket,
          userId: customer,
        }),
      ),
    );
    expect(presses.every((p) => p.response?.type === 5)).toBe(true);
    await expect.poll(async () => (await orders().findOrder('r-103'))?.status, LOADED).toBe('paid');
    expect(inventoryReads() - before).toBe(1);
    expect((await events('r-103')).filter((t) => t === 'payment_verified')).toHaveLength(1);
  });

  it('makes one transition when the automatic check and a verifier press at the same moment', async () => {
    const userId = roblox.addUser('Race_Case');
    const embed = await createOrder('r-104', 'Race_Case');
    roblox.purchase(userId, roblox.passNamed('Lunar order r-104')?.gamePassId ?? 0);
    // A verifier's press runs the Verify button's operation (verifiers check in the payments
    // channel, where no request is posted for an order the bot checks itself).
    const roles = new Set(['payment_verifier'] as const);
    const [, byVerifier] = await Promise.all([
      checksAt(31 * SECOND).runDueChecks(),
      orders().applyOrderCommand(
        { type: 'verifyPayment', orderId: 'r-104' },
        { discordId: h.users.verifier, roles },
      ),
    ]);
    void embed;
    expect(typeof byVerifier.ok).toBe('boolean');
    await expect.poll(async () => (await orders().findOrder('r-104'))?.status, LOADED).toBe('paid');
    expect((await events('r-104')).filter((t) => t === 'payment_verified')).toHaveLength(1);
  });

  it('finds the pass a crash left unrecorded instead of making a second', async () => {
    roblox.addUser('Crash_Case');
    // As if a process created the pass on Roblox and died before storing its id. The earlier
    // tests' writes may still fill the fake's 5-a-second window: wait its Retry-After, as the
    // bot's client does.
    const create = () =>
      fetch(
        `${roblox.env.ROBLOX_API_URL}/game-passes/v1/universes/${roblox.universeId}/game-passes`,
        {
          method: 'POST',
          headers: { 'x-api-key': roblox.apiKey },
          body: (() => {
            const form = new FormData();
            form.append('name', 'Lunar order r-105');
            form.append('price', '1000');
            form.append('isForSale', 'true');
            return form;
          })(),
        },
      );
    let made = await create();
    for (let tries = 0; made.status === 429 && tries < 5; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      made = await create();
    }
    expect(made.status).toBe(200);
    await createOrder('r-105', 'Crash_Case');
    const named = [...roblox.passes.values()].filter((p) => p.name === 'Lunar order r-105');
    expect(named).toHaveLength(1);
    expect((await payments().findPayment('r-105'))?.gamePassId).toBe(String(named[0]?.gamePassId));
  });

  it('creates the order while Roblox is down; the pass follows when it answers', async () => {
    roblox.addUser('Patient_One');
    roblox.setOutage(503, /game-passes/);
    const embed = await createOrder('r-106', 'Patient_One');
    expect((await orders().findOrder('r-106'))?.status).toBe('awaiting_payment');
    expect(buttons(embed).map((b) => b.label)).toEqual(['I’ve paid']);
    expect(roblox.passNamed('Lunar order r-106')).toBeUndefined();
    roblox.setOutage(null);
    await checksAt(60 * SECOND).syncDuePasses();
    const pass = roblox.passNamed('Lunar order r-106');
    expect(pass).toMatchObject({ price: 1000, isForSale: true });
    worker.wake();
    await expect
      .poll(() => {
        const edited = h.fake.messagesIn(ticket).find((m) => m.id === embed.id);
        return edited && buttons(edited).map((b) => b.url ?? b.custom_id);
      }, LOADED)
      .toEqual([`https://www.roblox.com/game-pass/${pass?.gamePassId}`, 'order:i_paid:r-106']);
  });

  it('re-prices the pass when the order’s price is updated while unpaid', async () => {
    roblox.addUser('Price_Change');
    await createOrder('r-107', 'Price_Change');
    const record = await h.fake.runCommand({
      name: 'createpayment',
      options: { price: 1400, roblox_username: 'Price_Change', order_id: 'r-107', customer },
      channelId: ticket,
      userId: h.users.designer,
    });
    expect(await answerOf(record)).toContain('Payment request for order r-107 updated.');
    await expect.poll(() => roblox.passNamed('Lunar order r-107')?.price, LOADED).toBe(2000);
    expect([...roblox.passes.values()].filter((p) => p.name === 'Lunar order r-107')).toHaveLength(
      1,
    );
  });

  it('hands the checks to the verifiers when Roblox refuses the key, with a warning', async () => {
    roblox.addUser('Key_Case');
    await createOrder('r-108', 'Key_Case');
    roblox.setKeyRefused(true);
    try {
      await checksAt(31 * SECOND).runDueChecks();
    } finally {
      roblox.setKeyRefused(false);
    }
    expect(await payments().findPayment('r-108')).toMatchObject({
      lastCheckResult: 'key_refused',
      escalationReason:
        'Roblox refused Lunar’s Open Cloud key, so the bot cannot check the purchase.',
      nextCheckAt: null,
    });
    expect(
      h.log.lines.some(
        (l) => l.level === 'warn' && l.msg?.includes('Roblox refused the Open Cloud key'),
      ),
    ).toBe(true);
  });
});
