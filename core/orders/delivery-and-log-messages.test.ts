import { describe, expect, it } from 'vitest';
import {
  buildDeliveredNotice,
  buildDeliverWithoutQcPrompt,
  buildDeliveryDm,
  buildDeliveryInTicket,
} from './delivery-messages';
import type { OrderState } from './order';
import { buildOrderLogEntry } from './order-log-message';

const DESIGNER = '100000000000000001';
const CUSTOMER = '100000000000000006';
const TICKET = '200000000000000001';
const AT = new Date('2025-01-01T12:00:00Z');

function delivered(overrides: Partial<OrderState> = {}): OrderState {
  return {
    id: 'ticket-1234',
    status: 'delivered',
    priceRobux: 750,
    robloxUsername: 'Cool_Builder',
    customerDiscordId: CUSTOMER,
    designerDiscordId: DESIGNER,
    ticketChannelId: TICKET,
    createdAt: AT,
    paidAt: AT,
    paymentVerifiedBy: '100000000000000003',
    qcAttempts: 1,
    qcSubmittedBy: DESIGNER,
    workFileUrl: 'https://cdn.example.com/work.png',
    qcPassed: true,
    qcReviewedBy: '100000000000000004',
    qcChangesReason: null,
    deliveredAt: AT,
    loggedAt: null,
    designerShareRobux: null,
    review: null,
    ...overrides,
  };
}

describe('the prompt to deliver without QC', () => {
  it('says what it means, with the button that does it, pinging nobody', () => {
    const paid = delivered({
      status: 'paid',
      qcAttempts: 0,
      qcPassed: false,
      qcReviewedBy: null,
      workFileUrl: null,
      deliveredAt: null,
    });
    const payload = buildDeliverWithoutQcPrompt(paid);
    expect(payload.content).toBe(
      'Order ticket-1234 has not been delivered, and its work was never sent to quality control. ' +
        'Submit it with /qualitycontrol for a 90% share once it passes, or deliver it now without ' +
        `QC: the bot sends it to <@${CUSTOMER}> by direct message and logs it with an 80% share (600 R$).`,
    );
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(payload.components?.[0]?.components).toEqual([
      {
        type: 2,
        style: 4,
        label: 'Deliver without QC and log (80%)',
        custom_id: 'order:deliver_noqc:ticket-1234',
        disabled: false,
      },
    ]);
    expect(buildDeliverWithoutQcPrompt({ ...paid, customerDiscordId: null }).content).toContain(
      `to the ticket <#${TICKET}> (no customer is recorded)`,
    );
  });
});

describe('delivery messages', () => {
  it('DMs the work to the customer', () => {
    const payload = buildDeliveryDm(delivered());
    expect(payload.content).toBeUndefined();
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(payload.embeds[0]).toMatchObject({
      title: 'Your order ticket-1234 is ready',
      image: { url: 'https://cdn.example.com/work.png' },
    });
    expect(payload.embeds[0]?.description).toBe(
      'Thank you for choosing Lunar! Here is your finished work: [open the file](https://cdn.example.com/work.png).\n\n' +
        'Happy with it? Leave a review with `/review order_id:ticket-1234` in our server.',
    );
  });

  it('points to the ticket when no file was submitted', () => {
    const payload = buildDeliveryDm(delivered({ workFileUrl: null }));
    expect(payload.embeds[0]?.description).toContain(
      `Your designer <@${DESIGNER}> shares the files in your ticket <#${TICKET}>.`,
    );
    expect(payload.embeds[0]?.image).toBeUndefined();
  });

  it('falls back to the ticket with a clear note, pinging the customer', () => {
    const closed = buildDeliveryInTicket(delivered(), 'dms_closed');
    expect(closed.content).toBe(
      `<@${CUSTOMER}> We could not send your order by direct message because your DMs are closed, so it is delivered here instead.`,
    );
    expect(closed.allowed_mentions).toEqual({ parse: [], users: [CUSTOMER] });
    expect(closed.embeds).toEqual(buildDeliveryDm(delivered()).embeds);
    const nobody = buildDeliveryInTicket(delivered({ customerDiscordId: null }), 'no_customer');
    expect(nobody.content).toBe(
      'No customer account is recorded for this order, so it is delivered here in the ticket.',
    );
    expect(nobody.allowed_mentions).toEqual({ parse: [] });
  });

  it('confirms a DM delivery in the ticket without a ping', () => {
    expect(buildDeliveredNotice(delivered())).toEqual({
      content: `Order ticket-1234 was delivered to <@${CUSTOMER}> by direct message.`,
      embeds: [],
      allowed_mentions: { parse: [] },
    });
  });

  it('keeps a URL with brackets from breaking the link', () => {
    const payload = buildDeliveryDm(delivered({ workFileUrl: 'https://x.example/a (1).zip' }));
    expect(payload.embeds[0]?.description).toContain(
      '[open the file](https://x.example/a%20%281%29.zip)',
    );
  });
});

describe('buildOrderLogEntry', () => {
  const values = (order: OrderState) =>
    Object.fromEntries(
      (buildOrderLogEntry(order).embeds[0]?.fields ?? []).map((f) => [f.name, f.value]),
    );

  it('logs customer, designer, price, QC outcome and the 90% share', () => {
    expect(values(delivered({ loggedAt: AT, designerShareRobux: 675 }))).toEqual({
      Customer: `<@${CUSTOMER}>\nRoblox: Cool\\_Builder`,
      Designer: `<@${DESIGNER}>`,
      Price: "750 R$ (charged 1,072 R$ with Roblox's fee)",
      'Quality control': 'Passed (submission 1)',
      "Designer's share": '675 R$ (90%, rounded down)',
      Delivered: 'By the bot <t:1735732800:f>',
    });
    expect(buildOrderLogEntry(delivered({ loggedAt: AT, designerShareRobux: 675 }))).toMatchObject({
      allowed_mentions: { parse: [] },
    });
  });

  it('logs work delivered outside the bot without QC at 80%', () => {
    const order = delivered({
      status: 'logged',
      priceRobux: 1749,
      customerDiscordId: null,
      qcAttempts: 0,
      qcPassed: false,
      deliveredAt: null,
      loggedAt: AT,
      designerShareRobux: 1399,
    });
    expect(values(order)).toMatchObject({
      Customer: 'Roblox: Cool\\_Builder',
      'Quality control': 'Not submitted',
      "Designer's share": '1,399 R$ (80%, rounded down)',
      Delivered: 'Outside the bot',
    });
  });

  it('refuses an order that is not logged', () => {
    expect(() => buildOrderLogEntry(delivered())).toThrow(RangeError);
  });
});
