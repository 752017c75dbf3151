import { describe, expect, it } from 'vitest';
import { describeTimelineEntry } from './timeline';

const NAMES: Record<string, string> = { '1': 'designer_dora', '2': 'designer_eli' };
const name = (id: string) => NAMES[id] ?? id;
const at = new Date('2026-11-28T12:00:00Z');
const ticket = (type: string, data: Record<string, unknown> = {}) =>
  describeTimelineEntry({ source: 'ticket', type, actorDiscordId: '1', data, at }, name);

describe('a ticket timeline in words', () => {
  it('tells the ticket events as sentences, with people by name', () => {
    expect(ticket('requested', { source: 'site' })).toBe('Ticket requested on the site');
    expect(ticket('claimed')).toBe('Ticket claimed');
    expect(ticket('reassigned', { from: '1', to: '2' })).toBe(
      'Ticket reassigned from designer_dora to designer_eli',
    );
    expect(ticket('reassigned', { from: null, to: '2' })).toBe('Ticket given to designer_eli');
    expect(ticket('member_added', { userId: '3' })).toBe('3 added to the ticket');
    expect(ticket('closed', { how: 'forced', reason: 'Gone quiet' })).toBe(
      'Ticket force-closed: Gone quiet',
    );
    expect(ticket('transcript_stored', { messages: 12 })).toBe('Transcript stored (12 messages)');
    expect(ticket('something_new')).toBe('Something new');
  });

  it("tells the order's events as the bot does, not as 'order order created'", () => {
    const line = describeTimelineEntry(
      {
        source: 'order',
        type: 'order_created',
        actorDiscordId: '1',
        data: {
          priceRobux: 1200,
          robloxUsername: 'Builder',
          customerDiscordId: null,
          designerDiscordId: '1',
          ticketChannelId: '9',
        },
        at,
      },
      name,
    );
    expect(line).toBe('Order created: 1,200 R$ from Builder');
    const verified = describeTimelineEntry(
      { source: 'order', type: 'payment_verified', actorDiscordId: '1', data: {}, at },
      name,
    );
    expect(verified).toBe('Payment verified');
  });
});
