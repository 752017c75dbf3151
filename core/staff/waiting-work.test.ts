import { describe, expect, it } from 'vitest';
import { describeWaitingWork, type WaitingCounts, waitingFor } from './waiting-work';

const NONE: WaitingCounts = {
  unclaimedTickets: null,
  waitingForReply: null,
  myTickets: null,
  applicationsToDecide: null,
  paymentsToVerify: null,
  messagesToAnswer: null,
  payoutsOwed: null,
};

describe('what waits for whom', () => {
  it('asks for the counts each role calls for', () => {
    const lead = waitingFor({ discordId: '1', roles: ['lead'] });
    expect(lead).toEqual({
      unclaimedTickets: true,
      waitingForReply: true,
      myTickets: true,
      applicationsToDecide: true,
      paymentsToVerify: false,
      messagesToAnswer: true,
      payoutsOwed: true,
    });
    expect(Object.values(waitingFor({ discordId: '1', roles: ['staff'] }))).not.toContain(true);
  });

  it('tells a lead what they are owed, not the studio, and links their own tickets', () => {
    const items = describeWaitingWork(
      { ...NONE, myTickets: 1, payoutsOwed: { robux: 1234, designers: 1, orders: 1 } },
      { discordId: '500000000000000005', roles: ['lead'] },
    );
    expect(items).toEqual([
      expect.objectContaining({
        href: '/dashboard/tickets?status=claimed,awaiting_customer&claimant=500000000000000005',
      }),
      expect.objectContaining({
        label: 'Owed to you',
        count: 1234,
        unit: 'R$',
        detail: 'For 1 logged order not paid out yet.',
      }),
    ]);
  });

  it('links the tickets waiting for a reply to the live ones whose customer wrote last', () => {
    const href = '/dashboard/tickets?status=open,claimed,awaiting_customer&reply=customer';
    const [designer] = describeWaitingWork(
      { ...NONE, waitingForReply: 2 },
      { discordId: '1', roles: ['designer'] },
    );
    expect(designer).toEqual({
      id: 'waitingForReply',
      label: 'Waiting for a reply',
      count: 2,
      detail: 'Yours or unclaimed, where the customer wrote last.',
      href,
    });
    const [lead] = describeWaitingWork(
      { ...NONE, waitingForReply: 5 },
      { discordId: '1', roles: ['lead'] },
    );
    expect(lead).toMatchObject({ detail: 'Live tickets where the customer wrote last.', href });
  });

  it('says nothing is unpaid in words', () => {
    const [owed] = describeWaitingWork(
      { ...NONE, payoutsOwed: { robux: 0, designers: 0, orders: 0 } },
      { discordId: '1', roles: ['executive'] },
    );
    expect(owed).toMatchObject({ label: 'Payouts owed', count: 0, detail: 'Nothing unpaid.' });
  });

  it('counts an executive’s payouts owed by designer, as the Payouts list lines them', () => {
    const [owed] = describeWaitingWork(
      { ...NONE, payoutsOwed: { robux: 8100, designers: 2, orders: 6 } },
      { discordId: '1', roles: ['executive'] },
    );
    expect(owed).toMatchObject({
      label: 'Payouts owed',
      count: 2,
      detail: '8,100 R$ to 2 designers for 6 logged orders.',
    });
    expect(owed).not.toHaveProperty('unit');
  });
});
