import { describe, expect, it } from 'vitest';
import { findLimitViolations } from '../discord/limits';
import { buildDeliveredNotice, buildDeliveryDm, buildDeliveryInTicket } from './delivery-messages';
import type { OrderState } from './order';
import { buildOrderLogEntry } from './order-log-message';
import type { OrderMessagePayload } from './order-message';
import { buildPaymentMessage, buildPaymentVerifiedNotice, buildTaxReply } from './payment-message';
import { buildQcOutcomeNotice, buildQcSubmissionMessage } from './qc-messages';
import { buildReviewPost } from './review-messages';

// Checks shared by every order message, over ordinary and hostile orders.

const DESIGNER = '100000000000000001';
const CUSTOMER = '100000000000000006';
const LEAD = '100000000000000004';
const VERIFIER_ROLE = '300000000000000001';
const LEAD_ROLE = '300000000000000002';
const AT = new Date('2025-01-01T12:00:00Z');

function order(overrides: Partial<OrderState> = {}): OrderState {
  return {
    id: 'ticket-1234',
    status: 'logged',
    priceRobux: 750,
    robloxUsername: 'Cool_Builder',
    customerDiscordId: CUSTOMER,
    designerDiscordId: DESIGNER,
    ticketChannelId: '200000000000000001',
    createdAt: AT,
    paidAt: AT,
    paymentVerifiedBy: '100000000000000003',
    qcAttempts: 1,
    qcSubmittedBy: DESIGNER,
    workFileUrl: 'https://cdn.example.com/work.png',
    qcPassed: true,
    qcReviewedBy: LEAD,
    qcChangesReason: null,
    deliveredAt: AT,
    loggedAt: AT,
    designerShareRobux: 675,
    review: {
      rating: 4,
      comment: 'Great work',
      publish: true,
      hidden: false,
      byDiscordId: CUSTOMER,
      at: AT,
    },
    ...overrides,
  };
}

// User text at its longest and most hostile: every character escapes, mentions and links.
const HOSTILE_TEXT = '@everyone <@1> [x](https://evil.example) **|_~`#>-'.repeat(25).slice(0, 1000);
const hostile = (overrides: Partial<OrderState> = {}) =>
  order({
    id: 'a'.repeat(32),
    priceRobux: 1_000_000,
    designerShareRobux: 900_000,
    status: 'qc_changes_requested',
    qcPassed: false,
    qcAttempts: 999,
    qcChangesReason: HOSTILE_TEXT,
    workFileUrl: `https://cdn.example.com/${'x'.repeat(900)})(.png`,
    review: {
      rating: 5,
      comment: HOSTILE_TEXT,
      publish: false,
      hidden: true,
      byDiscordId: CUSTOMER,
      at: AT,
    },
    ...overrides,
  });

const BUILDERS: Record<string, (o: OrderState) => OrderMessagePayload> = {
  payment: (o) => buildPaymentMessage({ ...o, paidAt: null }, { verifierRoleId: VERIFIER_ROLE }),
  'payment verified': (o) => buildPaymentMessage(o, { verifierRoleId: VERIFIER_ROLE }),
  'payment verified notice': buildPaymentVerifiedNotice,
  'qc submission': (o) =>
    buildQcSubmissionMessage({ ...o, status: 'in_qc' }, { leadRoleId: LEAD_ROLE }),
  'qc decided': buildQcSubmissionMessage,
  'qc passed notice': (o) => buildQcOutcomeNotice({ ...o, qcPassed: true, status: 'qc_passed' }),
  'qc changes notice': (o) =>
    buildQcOutcomeNotice({ ...o, qcPassed: false, qcChangesReason: HOSTILE_TEXT }),
  'delivery dm': buildDeliveryDm,
  'delivery in ticket (dms closed)': (o) => buildDeliveryInTicket(o, 'dms_closed'),
  'delivery in ticket (no customer)': (o) =>
    buildDeliveryInTicket({ ...o, customerDiscordId: null }, 'no_customer'),
  'delivered notice': buildDeliveredNotice,
  'order log': buildOrderLogEntry,
  review: buildReviewPost,
};

const cases = Object.entries(BUILDERS).flatMap(([name, build]) => [
  { name, kind: 'ordinary', build, input: order() },
  { name, kind: 'hostile', build, input: hostile() },
  { name, kind: 'no customer', build, input: order({ customerDiscordId: null }) },
]);

function mentionsIn(text: string) {
  return {
    users: [...text.matchAll(/(?<!\\)<@!?(\d+)>/g)].map((m) => m[1]),
    roles: [...text.matchAll(/(?<!\\)<@&(\d+)>/g)].map((m) => m[1]),
  };
}

describe('every order message', () => {
  it.each(cases)(
    '$name ($kind) fits Discord and pings only whom it means to',
    ({ build, input }) => {
      const payload = build(input);
      expect(findLimitViolations(payload)).toEqual([]);
      expect(payload.allowed_mentions.parse).toEqual([]);
      const inContent = mentionsIn(payload.content ?? '');
      // Every id allowed to ping is mentioned, and is one of the order's people or roles.
      for (const id of payload.allowed_mentions.users ?? []) {
        expect(inContent.users).toContain(id);
        expect([DESIGNER, CUSTOMER]).toContain(id);
      }
      for (const id of payload.allowed_mentions.roles ?? []) {
        expect(inContent.roles).toContain(id);
        expect([VERIFIER_ROLE, LEAD_ROLE]).toContain(id);
      }
      // User text never becomes a live mention or link anywhere in the message.
      const json = JSON.stringify(payload);
      expect(json).not.toContain('<@1>');
      expect(json).not.toContain('[x](https://evil.example)');
    },
  );
});

describe('buildTaxReply', () => {
  it('gives both directions of /tax', () => {
    expect(buildTaxReply(750)).toEqual({
      content:
        "To receive **750 R$** after Roblox's 30% fee, charge **1,072 R$**.\nCharging **750 R$** gives the studio **525 R$**.",
      embeds: [],
      allowed_mentions: { parse: [] },
    });
    expect(buildTaxReply(1_000_000).content).toContain('charge **1,428,572 R$**');
  });
});
