import { describe, expect, it } from 'vitest';
import { buildIntakeMessage, buildIntakeUpdate } from './intake-message';
import type { Ticket } from './ticket';

const at = new Date('2026-11-20T12:00:00Z');
const ticket: Ticket = {
  id: 42,
  orderId: 'ticket-0042',
  status: 'open',
  source: 'discord',
  customerDiscordId: '300000000000000001',
  serviceKey: 'service:banners',
  serviceLabel: 'Banners',
  request: 'A banner',
  budgetRobux: 1500,
  deadline: 'Friday',
  robloxUsername: 'Builder_1',
  channelId: '400000000000000001',
  joinRefusal: null,
  claimantDiscordId: null,
  claimedAt: null,
  closeRequestedBy: null,
  closeRequestedAt: null,
  closedBy: null,
  closeReason: null,
  closedAt: null,
  lastActivityAt: at,
  lastMessageAt: null,
  lastMessageBy: null,
  inactivityWarnedAt: null,
  transcriptStoredAt: null,
  customerCloseRequestedAt: null,
  queuedAt: null,
  createdAt: at,
  updatedAt: at,
};
const lead = '100000000000000003';
const designer = '100000000000000001';

describe('the ticket intake', () => {
  it('thanks for a new order, and says who reopened one and who still has it', () => {
    expect(buildIntakeMessage(ticket).content).toBe(
      '<@300000000000000001> thanks for your order! A designer will be with you soon.',
    );
    const reopened = buildIntakeMessage(
      { ...ticket, status: 'claimed', claimantDiscordId: designer, claimedAt: at },
      { reopenedBy: lead },
    );
    expect(reopened.content).toBe(
      `<@300000000000000001> Ticket reopened by <@${lead}>. It stays with <@${designer}>.`,
    );
    expect(reopened.allowed_mentions).toMatchObject({ users: ['300000000000000001'] });
  });

  it('updates the embed and buttons only, pinging nobody, so the greeting stays', () => {
    const update = buildIntakeUpdate({ ...ticket, claimantDiscordId: designer, claimedAt: at });
    expect(update.content).toBeUndefined();
    expect(update.allowed_mentions).toEqual({ parse: [] });
    expect(update.components?.[0]?.components[0]).toMatchObject({
      label: 'Claimed',
      disabled: true,
    });
  });
});
