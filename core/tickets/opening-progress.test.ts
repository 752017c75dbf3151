import { describe, expect, it } from 'vitest';
import {
  capacityQueueWords,
  customerStatusLabel,
  OPENING_SLOW_MS,
  OPENING_SLOW_WORDS,
  openingProgress,
} from './customer-view';
import { ticketOpenedAnswer } from './messages';
import type { Ticket } from './ticket';

const NOW = new Date('2026-11-29T04:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('what a customer reads while their ticket opens', () => {
  it('says the usual moment, then that it is slow but still coming', () => {
    const fresh = { status: 'opening' as const, openingSince: ago(1000) };
    expect(openingProgress(fresh, null, NOW)).toBe('Opening your ticket in our Discord server…');
    const slow = { status: 'opening' as const, openingSince: ago(OPENING_SLOW_MS) };
    expect(openingProgress(slow, null, NOW)).toBe(OPENING_SLOW_WORDS);
    expect(OPENING_SLOW_WORDS).toMatch(/still coming.*no need to order again/);
  });

  it('gives the place in the capacity queue, whatever the time', () => {
    const slow = { status: 'opening' as const, openingSince: ago(OPENING_SLOW_MS * 10) };
    expect(openingProgress(slow, 1, NOW)).toMatch(
      /^The studio is at capacity .* next in the queue/,
    );
    expect(openingProgress(slow, 4, NOW)).toMatch(/You are number 4 in the queue/);
    expect(customerStatusLabel('opening', null, 4)).toBe(
      'Waiting for a free channel (number 4 in the queue)',
    );
    expect(customerStatusLabel('opening', null, null)).toBe('Opening your ticket');
  });

  it('says nothing once the ticket left opening', () => {
    for (const status of ['open', 'claimed', 'closed', 'failed'] as const) {
      expect(openingProgress({ status, openingSince: ago(OPENING_SLOW_MS) }, null, NOW)).toBeNull();
    }
  });

  it('answers a Discord order with the place in the queue', () => {
    const ticket = { id: 102, status: 'opening', channelId: null } as Ticket;
    expect(ticketOpenedAnswer(ticket, 2)).toBe(`Your ticket ticket-0102: ${capacityQueueWords(2)}`);
    expect(ticketOpenedAnswer(ticket)).toMatch(/is queued and opens in a moment/);
    expect(ticketOpenedAnswer({ ...ticket, channelId: '42' }, 2)).toBe(
      'Your ticket is open: <#42>',
    );
  });
});
