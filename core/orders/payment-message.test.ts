import { describe, expect, it } from 'vitest';
import type { OrderState } from './order';
import {
  buildPaymentMessage,
  buildPaymentVerificationRequest,
  buildPaymentVerifiedNotice,
  buildTaxReply,
} from './payment-message';

const DESIGNER = '100000000000000001';
const CUSTOMER = '100000000000000006';
const VERIFIER = '100000000000000003';
const ROLE = '300000000000000001';
const AT = new Date('2025-01-01T12:00:00Z');

function unpaid(overrides: Partial<OrderState> = {}): OrderState {
  return {
    id: 'ticket-1234',
    status: 'awaiting_payment',
    priceRobux: 750,
    robloxUsername: 'Cool_Builder',
    customerDiscordId: CUSTOMER,
    designerDiscordId: DESIGNER,
    ticketChannelId: '200000000000000001',
    createdAt: AT,
    paidAt: null,
    paymentVerifiedBy: null,
    qcAttempts: 0,
    qcSubmittedBy: null,
    workFileUrl: null,
    qcPassed: false,
    qcReviewedBy: null,
    qcChangesReason: null,
    deliveredAt: null,
    loggedAt: null,
    designerShareRobux: null,
    review: null,
    ...overrides,
  };
}

const field = (payload: ReturnType<typeof buildPaymentMessage>, name: string) =>
  payload.embeds[0]?.fields?.find((f) => f.name === name)?.value;

describe('buildPaymentMessage', () => {
  it('asks for the price with the fee, offers card, states Payment First, pings the verifiers', () => {
    const payload = buildPaymentMessage(unpaid(), { verifierRoleId: ROLE });
    expect(payload.content).toBe(
      `<@&${ROLE}> a payment is waiting for verification.\n<@${CUSTOMER}>, here is how to pay for your order.`,
    );
    expect(payload.allowed_mentions).toEqual({ parse: [], users: [CUSTOMER], roles: [ROLE] });
    expect(payload.embeds[0]?.title).toBe('Payment for order ticket-1234');
    expect(field(payload, 'Pay in Robux')).toMatch(/^\*\*1,072 R\$\*\*\n/);
    expect(field(payload, 'Pay in Robux')).toContain('the studio receives the 750 R$ agreed');
    expect(field(payload, 'Roblox account')).toBe('Cool\\_Builder');
    expect(field(payload, 'Or pay by card')).toContain('card payment link');
    expect(field(payload, 'Payment First')).toBe(
      'Never start work before the payment is verified. Payment is made upfront, and there are no refunds once work has started.',
    );
    expect(field(payload, 'Status')).toBe('Waiting for a payment verifier');
    expect(payload.components).toEqual([
      {
        type: 1,
        components: [
          {
            type: 2,
            style: 3,
            label: 'Verify payment',
            custom_id: 'order:verify_payment:ticket-1234',
            disabled: false,
          },
        ],
      },
    ]);
  });

  it('pings nobody when no role is configured and no customer is recorded', () => {
    const payload = buildPaymentMessage(unpaid({ customerDiscordId: null }));
    expect(payload.content).toBeUndefined();
    expect(payload.allowed_mentions).toEqual({ parse: [] });
  });

  it('shows who verified and when, with the button disabled and no pings', () => {
    const paidAt = new Date('2025-01-02T08:30:00Z');
    const payload = buildPaymentMessage(
      unpaid({ status: 'paid', paidAt, paymentVerifiedBy: VERIFIER }),
      { verifierRoleId: ROLE },
    );
    expect(payload.content).toBeUndefined();
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(field(payload, 'Status')).toBe(`Verified by <@${VERIFIER}> <t:1735806600:f>`);
    expect(payload.components?.[0]?.components[0]).toMatchObject({
      label: 'Payment verified',
      disabled: true,
    });
  });
});

describe('buildPaymentVerifiedNotice', () => {
  it('tells the designer to start and thanks the customer', () => {
    expect(buildPaymentVerifiedNotice(unpaid({ status: 'paid' }))).toEqual({
      content: `Payment for order ticket-1234 is verified, thank you <@${CUSTOMER}>! <@${DESIGNER}>, you can start work.`,
      embeds: [],
      allowed_mentions: { parse: [], users: [DESIGNER, CUSTOMER] },
    });
  });
});

describe('buildTaxReply (the /tax answer)', () => {
  it('answers both directions of the 30% fee, pinging nobody', () => {
    expect(buildTaxReply(1000)).toEqual({
      content:
        "To receive **1,000 R$** after Roblox's 30% fee, charge **1,429 R$**.\n" +
        'Charging **1,000 R$** gives the studio **700 R$**.',
      embeds: [],
      allowed_mentions: { parse: [] },
    });
    expect(buildTaxReply(1).content).toContain('charge **2 R$**');
    expect(buildTaxReply(1_000_000).content).toContain('charge **1,428,572 R$**');
  });
});

describe('payments checked in the payments channel', () => {
  const field = (payload: ReturnType<typeof buildPaymentMessage>, name: string) =>
    payload.embeds[0]?.fields?.find((f) => f.name === name)?.value;

  it('leaves the ticket’s embed without the button or the verifiers’ ping', () => {
    const payload = buildPaymentMessage(unpaid(), {
      verifierRoleId: ROLE,
      verifiedElsewhere: true,
    });
    expect(payload.content).toBe(`<@${CUSTOMER}>, here is how to pay for your order.`);
    expect(payload.allowed_mentions).toEqual({ parse: [], users: [CUSTOMER] });
    expect(payload.components).toEqual([]);
    expect(field(payload, 'Status')).toBe(
      'A payment verifier checks it; you will be told here once it is verified.',
    );
  });

  it('asks the verifiers there, with what to check and the button', () => {
    const payload = buildPaymentVerificationRequest(unpaid(), { verifierRoleId: ROLE });
    expect(payload.content).toBe(`<@&${ROLE}> a payment is waiting for verification.`);
    expect(payload.allowed_mentions).toEqual({ parse: [], roles: [ROLE] });
    expect(payload.embeds[0]?.title).toBe('Verify the payment for order ticket-1234');
    expect(field(payload, 'Expected')).toBe(
      '**1,072 R$** in Robux from the account below (the studio receives 750 R$), or the card payment the designer arranged',
    );
    expect(field(payload, 'Roblox account')).toBe('Cool\\_Builder');
    expect(field(payload, 'Ticket')).toBe('<#200000000000000001>');
    expect(payload.components?.[0]?.components[0]).toMatchObject({
      label: 'Verify payment',
      custom_id: 'order:verify_payment:ticket-1234',
      disabled: false,
    });
  });

  it('shows who verified it once verified, pinging nobody', () => {
    const paid = unpaid({
      status: 'paid',
      paidAt: new Date('2025-01-02T08:30:00Z'),
      paymentVerifiedBy: VERIFIER,
    });
    const payload = buildPaymentVerificationRequest(paid, { verifierRoleId: ROLE });
    expect(payload.content).toBeUndefined();
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(field(payload, 'Status')).toBe(`Verified by <@${VERIFIER}> <t:1735806600:f>`);
    expect(payload.components?.[0]?.components[0]).toMatchObject({
      label: 'Payment verified',
      disabled: true,
    });
  });
});
