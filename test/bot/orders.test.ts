import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../bot/delivery/worker';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { PAYMENT_FIRST_TITLE } from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createPeopleRepository } from '../../db/repositories/people';
import { orderMessages, orders as ordersTable, outbox, reviews } from '../../db/schema';
import { DRIVERS } from '../support/database';
import type { FakeMessage } from '../support/fake-discord/messages';
import { type BotHarness, startBotHarness } from './harness';

type Options = Record<string, string | number | boolean>;

// Orders in Discord end to end: the real client and dispatcher against the fake Discord, the
// outbox worker delivering to the QC, order-log, reviews and ticket channels and to DMs.
// Waits, not speed checks: a loaded 2-core CI machine can take seconds per step.
const LOADED = { timeout: 30_000 };

describe.each(DRIVERS)('orders in Discord on %s', (driver) => {
  let h: BotHarness;
  let worker: OutboxWorker;
  let customer: string;
  let closedDmsCustomer: string;
  let ticket: string;
  beforeAll(async () => {
    h = await startBotHarness(driver);
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    customer = h.fake.addMember({ username: 'customer' }).user.id;
    closedDmsCustomer = h.fake.addMember({ username: 'quiet', closedDms: true }).user.id;
    ticket = h.ids.ticketChannel;
    worker = h.startWorker();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const orders = () => createOrdersRepository(h.database.db);
  const run = (name: string, userId: string, options: Options, channelId = ticket) =>
    h.fake.runCommand({ name, options, channelId, userId });
  const click = (message: FakeMessage, customId: string, userId: string) =>
    h.fake.clickButton({ messageId: message.id, customId, channelId: message.channelId, userId });
  /** The invoker's answer: the deferred reply's final text, or the ephemeral follow-up. */
  const answerOf = async (record: Awaited<ReturnType<typeof run>>) => {
    const text = () =>
      [
        record.response?.data?.content,
        record.loading ? undefined : record.original?.content,
        ...record.followUps.map((m) => m.content),
      ]
        .filter(Boolean)
        .join('\n');
    await expect.poll(text, LOADED).not.toBe('');
    return text();
  };
  const waitForMessage = async (channelId: string, match: (m: FakeMessage) => boolean) => {
    worker.wake();
    await expect.poll(() => h.fake.messagesIn(channelId).some(match), LOADED).toBe(true);
    return h.fake.messagesIn(channelId).filter(match).at(-1) as FakeMessage;
  };
  const titled = (title: string) => (m: FakeMessage) =>
    m.embeds.some((embed) => embed.title === title);
  const receiptsTo = (userId: string, orderId: string) =>
    h.fake.dmsTo(userId).filter(titled(`Receipt for order ${orderId}`));
  /** The receipt's delivery row once the worker is done with it (sent, or given up on). */
  async function settledReceipt(orderId: string) {
    worker.wake();
    const row = async () => {
      const rows = await h.database.db
        .select()
        .from(orderMessages)
        .innerJoin(outbox, eq(outbox.refId, orderMessages.id))
        .where(eq(orderMessages.orderId, orderId));
      return rows.find(
        (r) =>
          r.outbox.kind === 'order_message' &&
          JSON.stringify(r.order_messages.payload).includes('Receipt for order'),
      )?.outbox;
    };
    await expect.poll(async () => (await row())?.status, LOADED).not.toBe('pending');
    return row();
  }

  /** /createpayment in the ticket: the payment embed there, and the verifiers' request. */
  async function createOrder(orderId: string, customerId?: string) {
    const record = await run('createpayment', h.users.designer, {
      price: 700,
      roblox_username: 'Builder_1',
      order_id: orderId,
      ...(customerId && { customer: customerId }),
    });
    expect(await answerOf(record)).toContain(`Payment request for order ${orderId} created.`);
    await expect.poll(() => record.followUps.some((m) => !m.ephemeral), LOADED).toBe(true);
    const request = await waitForMessage(
      h.ids.paymentsChannel,
      titled(`Verify the payment for order ${orderId}`),
    );
    return { payment: record.followUps.find((m) => !m.ephemeral) as FakeMessage, request };
  }

  /**
   * An order whose payment is verified. The click resolves on its deferred acknowledgement and
   * the verification is stored after it, so the next command waits for that (on a loaded
   * machine a /qualitycontrol sent at once could find the order still unpaid).
   */
  async function paidOrder(orderId: string, customerId?: string) {
    const { payment, request } = await createOrder(orderId, customerId);
    await click(request, `order:verify_payment:${orderId}`, h.users.verifier);
    await expect
      .poll(async () => (await orders().listEvents(orderId)).map((e) => e.type), LOADED)
      .toContain('payment_verified');
    // The receipt goes out (or is given up on) before the test counts the customer's DMs.
    if (customerId) await settledReceipt(orderId);
    return payment;
  }

  it('runs a whole order from /createpayment to /review, leaving the rows and events', async () => {
    const { payment, request } = await createOrder('t-100', customer);
    // The customer's embed in the ticket: how to pay, no button, only the customer pinged.
    expect(payment.embeds[0]?.title).toBe('Payment for order t-100');
    expect(payment.components).toEqual([]);
    expect(payment.allowedMentions).toEqual({ parse: [], users: [customer] });
    expect(payment.pings.users).toEqual([customer]);
    // The verifiers' request in the payments channel, with the button; the ping is allowed
    // for the verifier role alone (it notifies once the role is mentionable or the bot may
    // mention all roles, a server setting).
    expect(request.content).toBe(
      `<@&${h.ids.paymentVerifierRole}> a payment is waiting for verification.`,
    );
    expect(request.allowedMentions).toEqual({ parse: [], roles: [h.ids.paymentVerifierRole] });
    const fields = () => request.embeds[0]?.fields as { name: string; value: string }[];
    expect(fields().find((f) => f.name === 'Ticket')?.value).toBe(`<#${ticket}>`);
    expect(fields().find((f) => f.name === 'Expected')?.value).toMatch(
      /^\*\*1,000 R\$\*\* in Robux/,
    );

    const verify = await click(request, 'order:verify_payment:t-100', h.users.verifier);
    expect(verify.response?.type).toBe(6); // deferred update
    await expect
      .poll(() => JSON.stringify(request.components), LOADED)
      .toContain('"disabled":true');
    expect(fields().find((f) => f.name === 'Status')?.value).toMatch(
      new RegExp(`^Verified by <@${h.users.verifier}> <t:\\d+:f>$`),
    );
    await waitForMessage(ticket, (m) => m.content.includes('Payment for order t-100 is verified'));
    // The customer's receipt by DM, once: the amount, the method, the order and the date.
    worker.wake();
    await expect.poll(() => receiptsTo(customer, 't-100').length, LOADED).toBe(1);
    const receipt = receiptsTo(customer, 't-100')[0]?.embeds[0]?.fields as {
      name: string;
      value: string;
    }[];
    expect(receipt.map((f) => [f.name, f.value])).toEqual([
      ['Amount', '1,000 R$'],
      ['Method', 'Robux'],
      ['Order', 't-100'],
      ['Date', expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4} \(UTC\)$/)],
    ]);

    const submit = await run('qualitycontrol', h.users.designer, { order_id: 't-100' });
    expect(await answerOf(submit)).toContain('submitted to quality control (submission 1)');
    const qc1 = await waitForMessage(h.ids.qcChannel, titled('Quality control: order t-100'));
    expect(qc1.allowedMentions).toEqual({ parse: [], roles: [h.ids.leadRole] });

    // Request changes: a modal for the reason, which reaches the ticket and never pings.
    const opened = await click(qc1, 'order:qc_changes:t-100:1', h.users.lead);
    expect(opened.response?.type).toBe(9);
    const reason = await h.fake.submitModal({
      modal: opened,
      fields: { reason: '@everyone make the logo <@&1> bigger' },
    });
    expect(await answerOf(reason)).toContain('sent to its ticket');
    const changes = await waitForMessage(ticket, titled('Changes requested for order t-100'));
    expect(changes.pings.everyone).toBe(false);
    expect(changes.pings.roles).toEqual([]);

    await run('qualitycontrol', h.users.designer, { order_id: 't-100' });
    const qc2 = await waitForMessage(
      h.ids.qcChannel,
      (m) => titled('Quality control: order t-100')(m) && m.id !== qc1.id,
    );
    // A click on the older submission's button is refused.
    const stale = await click(qc1, 'order:qc_approve:t-100:1', h.users.lead);
    expect(await answerOf(stale)).toContain('out of date');
    await click(qc2, 'order:qc_approve:t-100:2', h.users.lead);
    const passed = await waitForMessage(ticket, titled('Order t-100 passed quality control'));

    const deliver = await click(passed, 'order:deliver:t-100', h.users.designer);
    expect(await answerOf(deliver)).toContain('on its way to the customer');
    worker.wake();
    await expect.poll(() => h.fake.dmsTo(customer).length, LOADED).toBe(2);
    expect(h.fake.dmsTo(customer).at(-1)?.embeds[0]?.title).toBe('Your order t-100 is ready');
    expect(receiptsTo(customer, 't-100')).toHaveLength(1);

    const log = await run('orderlog', h.users.designer, { order_id: 't-100' });
    expect(await answerOf(log)).toContain("The designer's share is 630");
    await waitForMessage(h.ids.orderLogChannel, (m) => JSON.stringify(m.embeds).includes('t-100'));

    const reviewOpened = await run('review', customer, { order_id: 't-100' });
    expect(reviewOpened.response?.type).toBe(9);
    const reviewed = await h.fake.submitModal({
      modal: reviewOpened,
      fields: { rating: '5', comment: 'Lovely @everyone', publish: 'yes' },
    });
    expect(await answerOf(reviewed)).toContain('Thank you for reviewing order t-100!');
    const post = await waitForMessage(h.ids.reviewsChannel, titled('Review of order t-100'));
    expect(post.pings).toEqual({ users: [], roles: [], everyone: false });

    const again = await run('review', customer, { order_id: 't-100' });
    expect(await answerOf(again)).toContain('already has a review');

    const order = await orders().findOrder('t-100');
    expect(order).toMatchObject({
      status: 'reviewed',
      paymentVerifiedBy: h.users.verifier,
      qcAttempts: 2,
      qcPassed: true,
      qcReviewedBy: h.users.lead,
      designerShareRobux: 630,
      review: { rating: 5, comment: 'Lovely @everyone', publish: true, hidden: false },
    });
    const events = await orders().listEvents('t-100');
    expect(events.map((event) => event.type)).toEqual([
      'order_created',
      'payment_verified',
      'qc_submitted',
      'qc_changes_requested',
      'qc_submitted',
      'qc_approved',
      'delivered',
      'order_logged',
      'reviewed',
    ]);
    const stored = await h.database.db.select().from(reviews).where(eq(reviews.orderId, 't-100'));
    expect(stored).toHaveLength(1);
    // Every message for another channel went through the outbox, once (the payment request,
    // two QC posts, the changes, the QC pass, the verified notice, the receipt, the DM, log and
    // review).
    const messages = await h.database.db
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.orderId, 't-100'));
    expect(messages).toHaveLength(10);
  });

  it('remembers who used a command and the customer it names, for names in the dashboard', async () => {
    // A customer who never used anything: only /createpayment's option names them.
    const named = h.fake.addMember({
      username: 'named.only',
      globalName: 'Named Only',
      nick: 'Named (client)',
    }).user.id;
    await createOrder('t-150', named);
    const people = createPeopleRepository(h.database.db);
    await expect
      .poll(async () => Object.fromEntries(await people.nameOf([h.users.designer, named])), LOADED)
      .toEqual({ [h.users.designer]: 'designer', [named]: 'Named (client)' });
    const [stored] = await people.find([named]);
    expect(stored).toMatchObject({ username: 'named.only', globalName: 'Named Only' });
  });

  it('refuses the wrong role, an unknown order, the wrong state and bad options', async () => {
    const member = await run('createpayment', h.users.member, {
      price: 700,
      roblox_username: 'Builder',
      order_id: 't-200',
    });
    expect(await answerOf(member)).toContain(
      'This needs the Designer, Lead Designer or Executive role.',
    );

    const unknown = await run('qualitycontrol', h.users.designer, { order_id: 't-404' });
    expect(await answerOf(unknown)).toContain('There is no order t-404.');

    const badName = await run('createpayment', h.users.designer, {
      price: 700,
      roblox_username: 'a b',
      order_id: 't-200',
    });
    expect(await answerOf(badName)).toContain('Roblox usernames');
    expect(await orders().findOrder('t-200')).toBeNull();

    const { request: payment } = await createOrder('t-201');
    const unpaidLog = await run('orderlog', h.users.designer, { order_id: 't-201' });
    expect(await answerOf(unpaidLog)).toContain(
      `${PAYMENT_FIRST_TITLE}: order t-201 is not paid yet.`,
    );
    const early = await run('qualitycontrol', h.users.designer, { order_id: 't-201' });
    expect(await answerOf(early)).toContain(PAYMENT_FIRST_TITLE);

    // Buttons: the designer may not verify; a lead without the verifier role neither.
    const byDesigner = await click(payment, 'order:verify_payment:t-201', h.users.designer);
    expect(await answerOf(byDesigner)).toContain(
      'This needs the Payment Verifier or Executive role.',
    );
    const byLead = await click(payment, 'order:verify_payment:t-201', h.users.lead);
    expect(await answerOf(byLead)).toContain('Payment Verifier');
    const byExecutive = await click(payment, 'order:verify_payment:t-201', h.users.executive);
    expect(byExecutive.response?.type).toBe(6);
    await expect.poll(async () => (await orders().findOrder('t-201'))?.status, LOADED).toBe('paid');

    await run('qualitycontrol', h.users.designer, { order_id: 't-201' });
    const qc = await waitForMessage(h.ids.qcChannel, titled('Quality control: order t-201'));
    const byExec = await click(qc, 'order:qc_approve:t-201:1', h.users.executive);
    expect(await answerOf(byExec)).toContain('This needs the Lead Designer role.');
    const reviewEarly = await run('review', h.users.member, { order_id: 't-201' });
    expect(await answerOf(reviewEarly)).toContain('has not been delivered yet');
    expect((await orders().listEvents('t-201')).map((e) => e.type)).toEqual([
      'order_created',
      'payment_verified',
      'qc_submitted',
    ]);
  });

  it('applies a burst of identical presses once', async () => {
    const { request: payment } = await createOrder('t-300');
    const before = (await h.database.db.select().from(outbox)).length;
    const presses = await Promise.all(
      Array.from({ length: 10 }, () =>
        click(payment, 'order:verify_payment:t-300', h.users.verifier),
      ),
    );
    expect(presses.every((press) => press.response !== undefined)).toBe(true);
    await expect
      .poll(async () => (await orders().listEvents('t-300')).map((e) => e.type), LOADED)
      .toEqual(['order_created', 'payment_verified']);
    expect((await h.database.db.select().from(outbox)).length).toBe(before + 1);
  });

  it('gives a receipt up at once when the customer’s DMs are closed: no retries', async () => {
    await paidOrder('t-410', closedDmsCustomer);
    expect(await settledReceipt('t-410')).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'not sent: the customer’s DMs are closed',
    });
    expect(receiptsTo(closedDmsCustomer, 't-410')).toEqual([]);
    // The ticket already says the payment is verified: nothing else is posted there.
    expect(h.fake.messagesIn(ticket).filter(titled('Receipt for order t-410'))).toEqual([]);
  });

  it('delivers in the ticket with a note when the customer’s DMs are closed', async () => {
    const qc = await inQc('t-400', closedDmsCustomer);
    await click(qc, 'order:qc_approve:t-400:1', h.users.lead);
    const passed = await waitForMessage(ticket, titled('Order t-400 passed quality control'));
    await click(passed, 'order:deliver:t-400', h.users.designer);
    const note = await waitForMessage(ticket, (m) =>
      m.content.includes('your DMs are closed, so it is delivered here instead'),
    );
    expect(note.pings.users).toEqual([closedDmsCustomer]);
    await expect
      .poll(async () => (await orders().listEvents('t-400')).map((e) => e.type).slice(-2), LOADED)
      .toEqual(['delivered', 'delivery_fell_back']);
  }, 90_000);

  /** An order waiting for QC (submission 1) and its QC message. */
  async function inQc(orderId: string, customerId?: string) {
    await paidOrder(orderId, customerId);
    const submitted = await run('qualitycontrol', h.users.designer, { order_id: orderId });
    expect(await answerOf(submitted)).toContain('submitted to quality control (submission 1)');
    return waitForMessage(h.ids.qcChannel, titled(`Quality control: order ${orderId}`));
  }
  const qcOutcomes = async (orderId: string) =>
    (await orders().listEvents(orderId))
      .map((e) => e.type)
      .filter((type) => type === 'qc_approved' || type === 'qc_changes_requested');
  const refusedQc = /not waiting for quality control|already passed quality control|out of date/;

  it('applies one outcome when two leads decide the same QC at once', async () => {
    // Approve against Request changes: the second lead's modal is open when the first approves.
    const qc = await inQc('t-500', customer);
    const opened = await click(qc, 'order:qc_changes:t-500:1', h.users.secondLead);
    expect(opened.response?.type).toBe(9);
    const [approve, changes] = await Promise.all([
      click(qc, 'order:qc_approve:t-500:1', h.users.lead),
      h.fake.submitModal({ modal: opened, fields: { reason: 'Make the moon bigger' } }),
    ]);
    // Both were acknowledged at once; the work goes on after. One outcome lands, the other
    // lead is told, only they see it, and nothing more is applied after that.
    await expect.poll(() => qcOutcomes('t-500'), LOADED).toHaveLength(1);
    const [outcome] = await qcOutcomes('t-500');
    if (outcome === 'qc_approved') {
      expect(await answerOf(changes)).toMatch(refusedQc);
      const told = [changes.original, ...changes.followUps].filter((m) =>
        refusedQc.test(m?.content ?? ''),
      );
      expect(told.map((m) => m?.ephemeral)).toEqual([true]);
    } else {
      await expect
        .poll(() => approve.followUps.map((m) => m.content).join(), LOADED)
        .toMatch(refusedQc);
      expect(approve.followUps.every((m) => m.ephemeral)).toBe(true);
    }
    expect(await qcOutcomes('t-500')).toEqual([outcome]);
    expect((await orders().findOrder('t-500'))?.status).toBe(
      outcome === 'qc_approved' ? 'qc_passed' : 'qc_changes_requested',
    );

    // Two Approves at the same moment: one applies, the other lead is told it is decided.
    const qc2 = await inQc('t-501', customer);
    const presses = await Promise.all([
      click(qc2, 'order:qc_approve:t-501:1', h.users.lead),
      click(qc2, 'order:qc_approve:t-501:1', h.users.secondLead),
    ]);
    await expect.poll(() => qcOutcomes('t-501'), LOADED).toEqual(['qc_approved']);
    await expect.poll(() => presses.flatMap((press) => press.followUps).length, LOADED).toBe(1);
    const refusals = presses.flatMap((press) => press.followUps);
    expect(refusals[0]?.ephemeral).toBe(true);
    expect(refusals[0]?.content).toMatch(refusedQc);
    // The ticket hears about the decision once.
    await waitForMessage(ticket, titled('Order t-501 passed quality control'));
    expect(
      h.fake.messagesIn(ticket).filter(titled('Order t-501 passed quality control')),
    ).toHaveLength(1);
  }, 90_000);

  it('delivers in the ticket when no customer is recorded; anyone there may review', async () => {
    const qc = await inQc('t-600');
    await click(qc, 'order:qc_approve:t-600:1', h.users.lead);
    const passed = await waitForMessage(ticket, titled('Order t-600 passed quality control'));
    const deliver = await click(passed, 'order:deliver:t-600', h.users.designer);
    expect(await answerOf(deliver)).not.toBe('');
    const delivered = await waitForMessage(ticket, (m) =>
      m.content.includes('No customer account is recorded for this order'),
    );
    expect(delivered.pings).toEqual({ users: [], roles: [], everyone: false });
    const events = await orders().listEvents('t-600');
    expect(events.find((e) => e.type === 'delivered')?.data).toMatchObject({
      route: 'ticket_channel',
    });

    const elsewhere = await run('review', h.users.member, { order_id: 't-600' }, h.ids.qcChannel);
    expect(await answerOf(elsewhere)).toContain('Run /review in the ticket of order t-600');
    const ownOrder = await run('review', h.users.designer, { order_id: 't-600' });
    expect(await answerOf(ownOrder)).toContain('You cannot review your own order.');
    const opened = await run('review', h.users.member, { order_id: 't-600' });
    expect(opened.response?.type).toBe(9);
    const reviewed = await h.fake.submitModal({
      modal: opened,
      fields: { rating: '4', comment: 'Smooth', publish: 'yes' },
    });
    expect(await answerOf(reviewed)).toContain('Thank you for reviewing order t-600!');
    const [stored] = await h.database.db.select().from(reviews).where(eq(reviews.orderId, 't-600'));
    expect(stored).toMatchObject({
      customerDiscordId: h.users.member,
      rating: 4,
      publish: true,
      // Signed with a name, never the id.
      authorName: 'member',
    });
  }, 90_000);

  describe('logging only delivered orders (decision 043)', () => {
    const orderLogEntries = (orderId: string) =>
      h.fake
        .messagesIn(h.ids.orderLogChannel)
        .filter((m) => m.embeds.some((embed) => embed.title === `Order ${orderId}`));

    it('refuses /orderlog after QC approval until Deliver, which still reaches the customer', async () => {
      const qc = await inQc('t-700', customer);
      await click(qc, 'order:qc_approve:t-700:1', h.users.lead);
      const passed = await waitForMessage(ticket, titled('Order t-700 passed quality control'));
      const early = await run('orderlog', h.users.designer, { order_id: 't-700' });
      expect(await answerOf(early)).toBe(
        `Order t-700 passed quality control but is not delivered yet. Press Deliver under the QC notice in <#${ticket}> first, then log it.`,
      );
      expect((await orders().findOrder('t-700'))?.status).toBe('qc_passed');

      const dmsBefore = h.fake.dmsTo(customer).length;
      await click(passed, 'order:deliver:t-700', h.users.designer);
      worker.wake();
      await expect.poll(() => h.fake.dmsTo(customer).length, LOADED).toBe(dmsBefore + 1);
      expect(h.fake.dmsTo(customer).at(-1)?.embeds[0]?.title).toBe('Your order t-700 is ready');
      const log = await run('orderlog', h.users.designer, { order_id: 't-700' });
      expect(await answerOf(log)).toContain("The designer's share is 630 R$ (90%)");
      await waitForMessage(h.ids.orderLogChannel, (m) => orderLogEntries('t-700').includes(m));
    }, 90_000);

    it('refuses /orderlog while a lead’s changes are pending, and QC goes on', async () => {
      const qc = await inQc('t-710', customer);
      const opened = await click(qc, 'order:qc_changes:t-710:1', h.users.lead);
      await h.fake.submitModal({ modal: opened, fields: { reason: 'Brighter colours' } });
      await expect
        .poll(async () => (await orders().findOrder('t-710'))?.status, LOADED)
        .toBe('qc_changes_requested');
      const log = await run('orderlog', h.users.designer, { order_id: 't-710' });
      expect(await answerOf(log)).toBe(
        'A lead designer asked for changes to order t-710. Apply them and submit it again with /qualitycontrol; it is delivered and logged once it passes.',
      );
      const order = await orders().findOrder('t-710');
      expect(order).toMatchObject({ status: 'qc_changes_requested', loggedAt: null });
      const again = await run('qualitycontrol', h.users.designer, { order_id: 't-710' });
      expect(await answerOf(again)).toContain('submitted to quality control (submission 2)');
      expect(orderLogEntries('t-710')).toEqual([]);
    }, 90_000);

    it('delivers work never sent to QC only once the designer confirms, then logs it at 80%', async () => {
      await paidOrder('t-720', customer);
      const log = await run('orderlog', h.users.designer, { order_id: 't-720' });
      await expect.poll(() => log.loading, LOADED).toBe(false);
      const prompt = log.original as FakeMessage;
      expect(prompt.ephemeral).toBe(true);
      expect(prompt.content).toBe(
        'Order t-720 has not been delivered, and its work was never sent to quality control. ' +
          'Submit it with /qualitycontrol for a 90% share once it passes, or deliver it now ' +
          `without QC: the bot sends it to <@${customer}> by direct message and logs it with an ` +
          '80% share (560 R$).',
      );
      expect(JSON.stringify(prompt.components)).toContain('order:deliver_noqc:t-720');
      // Asking changed nothing yet.
      expect(await orders().findOrder('t-720')).toMatchObject({ status: 'paid', loggedAt: null });

      // Only the designer sees their prompt; another designer cannot press it.
      expect(() => click(prompt, 'order:deliver_noqc:t-720', h.users.lead)).toThrow(/ephemeral/);
      const dmsBefore = h.fake.dmsTo(customer).length;
      const confirm = await click(prompt, 'order:deliver_noqc:t-720', h.users.designer);
      expect(confirm.response?.type).toBe(6);
      await expect
        .poll(() => prompt.content, LOADED)
        .toBe(
          'Order t-720 is on its way to the customer by direct message (or to this ticket if ' +
            "their DMs are closed). It is logged: the designer's share is 560 R$ (80%).",
        );
      expect(prompt.components).toEqual([]);
      worker.wake();
      await expect.poll(() => h.fake.dmsTo(customer).length, LOADED).toBe(dmsBefore + 1);
      await expect.poll(() => orderLogEntries('t-720').length, LOADED).toBe(1);
      const [entry] = orderLogEntries('t-720');
      const fields = entry?.embeds[0]?.fields as { name: string; value: string }[];
      expect(fields.find((f) => f.name === "Designer's share")?.value).toBe(
        '560 R$ (80%, rounded down)',
      );
      expect((await orders().listEvents('t-720')).map((e) => [e.type, e.data])).toEqual([
        ['order_created', expect.anything()],
        ['payment_verified', {}],
        ['delivered', { route: 'dm', fileUrl: null, withoutQc: true }],
        ['order_logged', expect.objectContaining({ sharePercent: 80, deliveredByBot: true })],
      ]);
      // Pressed again (an old copy): refused in words, nothing more sent.
      const twice = await click(prompt, 'order:deliver_noqc:t-720', h.users.designer);
      expect(twice.response?.type).toBe(6);
      await expect.poll(() => prompt.content, LOADED).toBe('Order t-720 is already logged.');
      const later = await run('orderlog', h.users.designer, { order_id: 't-720' });
      expect(await answerOf(later)).toBe('Order t-720 is already logged.');
      expect(h.fake.rejected).toEqual([]);
    }, 90_000);

    it('still delivers an order the old rules logged before it was delivered', async () => {
      const qc = await inQc('t-730', customer);
      await click(qc, 'order:qc_approve:t-730:1', h.users.lead);
      const passed = await waitForMessage(ticket, titled('Order t-730 passed quality control'));
      // As /orderlog did before decision 043: logged straight from QC passed, never delivered.
      await h.database.db
        .update(ordersTable)
        .set({ status: 'logged', loggedAt: new Date(), designerShareRobux: 630 })
        .where(eq(ordersTable.id, 't-730'));
      const dmsBefore = h.fake.dmsTo(customer).length;
      const deliver = await click(passed, 'order:deliver:t-730', h.users.designer);
      expect(await answerOf(deliver)).toContain('on its way to the customer');
      worker.wake();
      await expect.poll(() => h.fake.dmsTo(customer).length, LOADED).toBe(dmsBefore + 1);
      expect(await orders().findOrder('t-730')).toMatchObject({
        status: 'logged',
        deliveredAt: expect.any(Date),
      });
    }, 90_000);
  });

  it('lets only executives hide a review from the site with its button', async () => {
    const post = await waitForMessage(h.ids.reviewsChannel, titled('Review of order t-600'));
    expect(JSON.stringify(post.components)).toContain('order:review_hide:t-600');
    const byLead = await click(post, 'order:review_hide:t-600', h.users.lead);
    expect(await answerOf(byLead)).toContain('Executive');
    expect((await orders().findOrder('t-600'))?.review?.hidden).toBe(false);

    const byExecutive = await click(post, 'order:review_hide:t-600', h.users.executive);
    expect(await answerOf(byExecutive)).toContain('hidden from the website');
    const [stored] = await h.database.db.select().from(reviews).where(eq(reviews.orderId, 't-600'));
    expect(stored).toMatchObject({ hidden: true, hiddenBy: h.users.executive });
    // The post now offers to show it again; a second Hide (an old copy) is refused.
    await expect
      .poll(() => JSON.stringify(h.fake.messages.find((m) => m.id === post.id)?.components), LOADED)
      .toContain('order:review_show:t-600');
    const twice = await click(post, 'order:review_hide:t-600', h.users.executive);
    expect(await answerOf(twice)).toContain('already hidden');
    const show = await click(post, 'order:review_show:t-600', h.users.executive);
    expect(await answerOf(show)).toContain('shown on the website again');
    expect((await orders().findOrder('t-600'))?.review?.hidden).toBe(false);
  }, 90_000);

  it('suggests the invoker’s orders for order_id', async () => {
    const record = await h.fake.autocomplete({
      name: 'orderlog',
      options: { order_id: 't-' },
      focused: 'order_id',
      channelId: ticket,
      userId: h.users.designer,
    });
    const values = record.choices?.map((choice) => choice.value) ?? [];
    expect(values.length).toBeGreaterThan(0);
    expect(values.length).toBeLessThanOrEqual(25);
    expect(values).toContain('t-201');
  });
});

// DISCORD_PAYMENTS_CHANNEL_ID left unset: the verifiers are pinged in the ticket, and the
// Verify button sits under the customer's payment embed there.
describe.each(DRIVERS)('payments verified in the ticket (no payments channel) on %s', (driver) => {
  let h: BotHarness;
  let worker: OutboxWorker;
  beforeAll(async () => {
    h = await startBotHarness(driver, { without: ['DISCORD_PAYMENTS_CHANNEL_ID'] });
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    worker = h.startWorker();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('pings the verifiers under the payment embed, whose button verifies it', async () => {
    const customer = h.fake.addMember({ username: 'ticket.customer' }).user.id;
    const ticket = h.ids.ticketChannel;
    const record = await h.fake.runCommand({
      name: 'createpayment',
      options: { price: 700, roblox_username: 'Builder_1', order_id: 'p-1', customer },
      channelId: ticket,
      userId: h.users.designer,
    });
    await expect.poll(() => record.followUps.some((m) => !m.ephemeral), LOADED).toBe(true);
    const payment = record.followUps.find((m) => !m.ephemeral) as FakeMessage;
    expect(payment.allowedMentions).toEqual({
      parse: [],
      users: [customer],
      roles: [h.ids.paymentVerifierRole],
    });
    expect(JSON.stringify(payment.components)).toContain('order:verify_payment:p-1');
    const verify = await h.fake.clickButton({
      messageId: payment.id,
      customId: 'order:verify_payment:p-1',
      channelId: ticket,
      userId: h.users.verifier,
    });
    expect(verify.response?.type).toBe(6);
    await expect
      .poll(() => JSON.stringify(payment.components), LOADED)
      .toContain('"disabled":true');
    worker.wake();
    await expect
      .poll(() => h.fake.messagesIn(ticket).some((m) => m.content.includes('is verified')), LOADED)
      .toBe(true);
    expect(h.fake.messagesIn(h.ids.paymentsChannel)).toEqual([]);
    expect(h.fake.rejected).toEqual([]);
  });
});
