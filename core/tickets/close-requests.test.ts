import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../orders/order-status';
import { mayUseTicketNotes } from './notes';
import { CUSTOMER_CLOSE_REASON, decideTicket } from './rules';
import type { Ticket } from './ticket';
import { describeTimelineEntry } from './timeline';

// The customer asks, staff answer (issue 33): each refusal in words, one request at a time.
// And who may use a ticket's staff-only notes.

const now = new Date('2026-11-29T12:00:00Z');
const CUSTOMER = '10';
const actor = (discordId: string, ...roles: StaffRole[]) => ({ discordId, roles: new Set(roles) });
const ticket = (patch: Partial<Ticket> = {}): Ticket => ({
  id: 42,
  orderId: 'ticket-0042',
  status: 'claimed',
  source: 'discord',
  customerDiscordId: CUSTOMER,
  serviceKey: 'service:banners',
  serviceLabel: 'Banners',
  request: 'A banner',
  budgetRobux: 900,
  deadline: 'Friday',
  robloxUsername: 'Builder',
  channelId: '99',
  joinRefusal: null,
  claimantDiscordId: '1',
  claimedAt: now,
  closeRequestedBy: null,
  closeRequestedAt: null,
  customerCloseRequestedAt: null,
  queuedAt: null,
  closedBy: null,
  closeReason: null,
  closedAt: null,
  lastActivityAt: now,
  lastMessageAt: null,
  lastMessageBy: null,
  inactivityWarnedAt: null,
  transcriptStoredAt: null,
  createdAt: now,
  updatedAt: now,
  ...patch,
});
const ask = (t: Ticket, allowed = true, who = actor(CUSTOMER)) =>
  decideTicket(t, { type: 'customerAskToClose', allowed }, who, now);

describe('a customer asking to close their ticket', () => {
  it('is refused in words when the studio does not allow it, or for someone else', () => {
    expect(ask(ticket(), false)).toEqual({
      ok: false,
      reason: 'Only staff can close tickets here.',
    });
    expect(ask(ticket(), true, actor('1', 'designer'))).toMatchObject({ ok: false });
    expect(ask(ticket({ status: 'opening' }))).toMatchObject({ ok: false });
    expect(ask(ticket({ status: 'awaiting_customer' }))).toEqual({
      ok: false,
      reason: 'Staff already asked to close ticket-0042: press Confirm and close on their message.',
    });
  });

  it('is stored once: a second ask while one is pending is refused', () => {
    const asked = ask(ticket());
    expect(asked).toMatchObject({
      ok: true,
      patch: { customerCloseRequestedAt: now },
      event: { type: 'customer_close_requested' },
    });
    expect(ask(ticket({ customerCloseRequestedAt: now }))).toEqual({
      ok: false,
      reason: 'You already asked to close ticket-0042; staff will confirm or deny it here.',
    });
  });

  it('is confirmed or denied by the claimant, a lead or an executive only', () => {
    const pending = ticket({ customerCloseRequestedAt: now });
    const approve = (who: ReturnType<typeof actor>, t = pending) =>
      decideTicket(t, { type: 'approveCustomerClose' }, who, now);
    expect(approve(actor('2', 'designer'))).toMatchObject({ ok: false });
    expect(approve(actor(CUSTOMER))).toMatchObject({ ok: false });
    expect(approve(actor('1', 'designer'))).toMatchObject({
      ok: true,
      closes: true,
      patch: { status: 'closed', closedBy: '1', closeReason: CUSTOMER_CLOSE_REASON },
      event: { type: 'closed', data: { how: 'customer_request' } },
    });
    expect(approve(actor('3', 'lead'), ticket())).toEqual({
      ok: false,
      reason: "The customer's request to close ticket-0042 was already answered.",
    });
    expect(approve(actor('3', 'lead'), ticket({ ...pending, status: 'closed' }))).toEqual({
      ok: false,
      reason: 'ticket-0042 is closed.',
    });
    expect(
      decideTicket(pending, { type: 'denyCustomerClose' }, actor('3', 'executive'), now),
    ).toMatchObject({ ok: true, patch: { customerCloseRequestedAt: null } });
  });

  it('reads well in the timeline', () => {
    const line = (type: string, data = {}) =>
      describeTimelineEntry({ source: 'ticket', type, actorDiscordId: '1', data, at: now }, String);
    expect(line('customer_close_requested')).toBe('Customer asked staff to close the ticket');
    expect(line('customer_close_denied')).toBe("Customer's request to close denied");
    expect(line('closed', { how: 'customer_request' })).toBe(
      "Ticket closed at the customer's request",
    );
  });
});

describe('who may use a ticket’s staff-only notes', () => {
  const t = (patch: Partial<Ticket> = {}) => ticket(patch);
  it('follows the dashboard’s scope, never the customer', () => {
    const designer = (id: string) => ({ discordId: id, roles: ['designer'] as const });
    expect(mayUseTicketNotes(designer('1'), t())).toBe(true);
    expect(mayUseTicketNotes(designer('2'), t())).toBe(false);
    expect(mayUseTicketNotes(designer('2'), t({ claimantDiscordId: null, status: 'open' }))).toBe(
      true,
    );
    expect(mayUseTicketNotes({ discordId: '3', roles: ['lead'] }, t())).toBe(true);
    expect(mayUseTicketNotes({ discordId: '4', roles: ['payment_verifier'] }, t())).toBe(false);
    expect(mayUseTicketNotes({ discordId: CUSTOMER, roles: ['executive'] }, t())).toBe(false);
  });
});
