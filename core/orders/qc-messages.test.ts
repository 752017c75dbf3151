import { describe, expect, it } from 'vitest';
import { findModalLimitViolations } from './discord-modal';
import type { OrderState } from './order';
import {
  buildQcOutcomeNotice,
  buildQcSubmissionMessage,
  buildRequestChangesModal,
} from './qc-messages';

const DESIGNER = '100000000000000001';
const LEAD = '100000000000000004';
const LEAD_ROLE = '300000000000000002';
const TICKET = '200000000000000001';
const AT = new Date('2025-01-01T12:00:00Z');

function inQc(overrides: Partial<OrderState> = {}): OrderState {
  return {
    id: 'ticket-1234',
    status: 'in_qc',
    priceRobux: 750,
    robloxUsername: 'Cool_Builder',
    customerDiscordId: '100000000000000006',
    designerDiscordId: DESIGNER,
    ticketChannelId: TICKET,
    createdAt: AT,
    paidAt: AT,
    paymentVerifiedBy: '100000000000000003',
    qcAttempts: 2,
    qcSubmittedBy: DESIGNER,
    workFileUrl: 'https://cdn.example.com/work.png',
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

const buttons = (payload: ReturnType<typeof buildQcSubmissionMessage>) =>
  payload.components?.[0]?.components.map((b) => [
    b.label,
    'custom_id' in b ? b.custom_id : b.url,
    b.disabled,
  ]);
const status = (payload: ReturnType<typeof buildQcSubmissionMessage>) =>
  payload.embeds[0]?.fields?.find((f) => f.name === 'Status')?.value;

describe('buildQcSubmissionMessage', () => {
  it('shows the work with live buttons for this submission and pings the leads', () => {
    const payload = buildQcSubmissionMessage(inQc(), { leadRoleId: LEAD_ROLE });
    expect(payload.content).toBe(`<@&${LEAD_ROLE}> new work to check.`);
    expect(payload.allowed_mentions).toEqual({ parse: [], roles: [LEAD_ROLE] });
    expect(payload.embeds[0]?.image).toEqual({ url: 'https://cdn.example.com/work.png' });
    expect(payload.embeds[0]?.fields?.find((f) => f.name === 'Work')?.value).toBe(
      '[Open the file](https://cdn.example.com/work.png)',
    );
    expect(status(payload)).toBe('Waiting for a lead designer');
    expect(buttons(payload)).toEqual([
      ['Approve', 'order:qc_approve:ticket-1234:2', false],
      ['Request changes', 'order:qc_changes:ticket-1234:2', false],
    ]);
  });

  it('links a non-image file without embedding it, and notes a missing file', () => {
    const zip = buildQcSubmissionMessage(inQc({ workFileUrl: 'https://cdn.example.com/a.zip' }));
    expect(zip.embeds[0]?.image).toBeUndefined();
    const none = buildQcSubmissionMessage(inQc({ workFileUrl: null }));
    expect(none.embeds[0]?.fields?.find((f) => f.name === 'Work')?.value).toBe(
      'No file attached: see the ticket.',
    );
  });

  it('disables the buttons once decided, and on a replaced submission', () => {
    const approved = buildQcSubmissionMessage(
      inQc({ status: 'qc_passed', qcPassed: true, qcReviewedBy: LEAD }),
      { leadRoleId: LEAD_ROLE },
    );
    expect(approved.content).toBeUndefined();
    expect(status(approved)).toBe(`Approved by <@${LEAD}>`);
    expect(buttons(approved)?.every(([, , disabled]) => disabled)).toBe(true);
    const changes = buildQcSubmissionMessage(
      inQc({ status: 'qc_changes_requested', qcReviewedBy: LEAD, qcChangesReason: 'x' }),
    );
    expect(status(changes)).toBe(
      `Changes requested by <@${LEAD}>. The reason is in the ticket <#${TICKET}>.`,
    );
    const old = buildQcSubmissionMessage(inQc(), { attempt: 1 });
    expect(status(old)).toBe('Replaced by submission 2');
    expect(buttons(old)).toEqual([
      ['Approve', 'order:qc_approve:ticket-1234:1', true],
      ['Request changes', 'order:qc_changes:ticket-1234:1', true],
    ]);
  });
});

describe('buildRequestChangesModal', () => {
  it('asks for a bounded reason, tied to the submission', () => {
    const modal = buildRequestChangesModal(inQc({ id: 'a'.repeat(32) }));
    expect(findModalLimitViolations(modal)).toEqual([]);
    expect(modal.custom_id).toBe(`order:qc_changes_reason:${'a'.repeat(32)}:2`);
    expect(modal.components[0]?.components[0]).toMatchObject({
      custom_id: 'reason',
      style: 2,
      min_length: 1,
      max_length: 1000,
      required: true,
    });
  });
});

describe('buildQcOutcomeNotice', () => {
  it('offers the designer the Deliver button after approval', () => {
    const payload = buildQcOutcomeNotice(
      inQc({ status: 'qc_passed', qcPassed: true, qcReviewedBy: LEAD }),
    );
    expect(payload.content).toBe(
      `<@${DESIGNER}>, order ticket-1234 passed quality control. Press Deliver to send the work to the customer.`,
    );
    expect(payload.allowed_mentions).toEqual({ parse: [], users: [DESIGNER] });
    expect(payload.components?.[0]?.components[0]).toMatchObject({
      label: 'Deliver',
      custom_id: 'order:deliver:ticket-1234',
      disabled: false,
    });
    const delivered = buildQcOutcomeNotice(inQc({ status: 'delivered', qcPassed: true }));
    expect(delivered.components?.[0]?.components[0]).toMatchObject({
      label: 'Delivered',
      disabled: true,
    });
  });

  it("sends the lead's reason to the ticket, escaped", () => {
    const payload = buildQcOutcomeNotice(
      inQc({
        status: 'qc_changes_requested',
        qcReviewedBy: LEAD,
        qcChangesReason: 'Make the **logo** bigger <@1>',
      }),
    );
    expect(payload.embeds[0]?.description).toBe('Make the \\*\\*logo\\*\\* bigger \\<@1\\>');
    expect(payload.embeds[0]?.fields).toEqual([{ name: 'Requested by', value: `<@${LEAD}>` }]);
    expect(payload.allowed_mentions).toEqual({ parse: [], users: [DESIGNER] });
    expect(payload.components).toBeUndefined();
  });

  it('refuses an order without an outcome', () => {
    expect(() => buildQcOutcomeNotice(inQc())).toThrow(RangeError);
  });
});
