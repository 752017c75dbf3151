import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationAnswers } from '../../core/applications';
import type { StaffRole } from '../../core/auth/roles';
import type { WaitingItem } from '../../core/staff/waiting-work';
import type { Database } from '../../db/client';
import { applications, contactMessages, payoutOrders, payouts, tickets } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { insertOrder, loggedOrder } from '../support/orders';
import { numberedTickets, ticketRow as ticket } from '../support/rows';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// The Overview's "Waiting for you" per role: a designer counts their own work (and the
// unclaimed tickets they may claim), an executive the studio's, a verifier the payments.

const DORA = '100000000000000201';
const DAN = '100000000000000202';

const signInAs = async (db: Database, roles: StaffRole[], discordId?: string) =>
  (await signInAsStaff(db, roles, undefined, discordId)).cookie;

describe.each(DRIVERS)('what waits for each role on %s', (driver) => {
  const server = useTestApp(driver);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const db = server.database.db;
    await db.insert(tickets).values(
      numberedTickets([
        ticket('300000000000000001', { status: 'open' }),
        ticket('300000000000000002', { status: 'open' }),
        // Closed, failed or claimed tickets are nobody's to claim.
        ticket('300000000000000003', { status: 'closed' }),
        ticket('300000000000000004', { status: 'failed' }),
        ticket('300000000000000005', { status: 'claimed', claimantDiscordId: DORA }),
        ticket('300000000000000006', { status: 'awaiting_customer', claimantDiscordId: DORA }),
        ticket('300000000000000007', { status: 'claimed', claimantDiscordId: DAN }),
        ticket('300000000000000008', { status: 'closed', claimantDiscordId: DORA }),
      ]),
    );
    // Owed: Dora 900 + 90 (one paid already: 450 not owed), Dan 80.
    await insertOrder(db, loggedOrder('w-1', DORA, '2026-03-02T10:00:00Z', { price: 1000 }));
    await insertOrder(db, loggedOrder('w-2', DORA, '2026-03-03T10:00:00Z', { price: 100 }));
    await insertOrder(db, loggedOrder('w-3', DORA, '2026-03-04T10:00:00Z', { price: 500 }));
    await insertOrder(
      db,
      loggedOrder('w-4', DAN, '2026-03-04T10:00:00Z', { price: 100, qcPassed: false }),
    );
    const [payout] = await db
      .insert(payouts)
      .values({
        designerDiscordId: DORA,
        period: 'week',
        periodStart: '2026-03-02',
        amountRobux: 450,
        paidByName: 'Eve',
      })
      .returning();
    await db
      .insert(payoutOrders)
      .values({ orderId: 'w-3', payoutId: payout?.id ?? 0, shareRobux: 450 });
    // Awaiting payment: two orders, one of them Dora's.
    await insertOrder(db, { id: 'w-5', designerDiscordId: DORA });
    await insertOrder(db, { id: 'w-6', designerDiscordId: DAN });
    const application = (status: 'pending' | 'accepted', name: string) => ({
      type: 'designer' as const,
      status,
      robloxUsername: name,
      discordUsername: name,
      answers: { additionalInfo: name } as unknown as ApplicationAnswers,
    });
    await db
      .insert(applications)
      .values([
        application('pending', 'a1'),
        application('pending', 'a2'),
        application('accepted', 'a3'),
      ]);
    await db.insert(contactMessages).values([
      { name: 'V', email: 'v@example.com', subject: 'Hi', message: 'Hello' },
      { name: 'W', email: 'w@example.com', subject: 'Hi', message: 'Done', handledAt: new Date() },
    ]);
    cookies.designer = await signInAs(db, ['designer'], DORA);
    cookies.executive = await signInAs(db, ['executive'], '100000000000000203');
    cookies.verifier = await signInAs(db, ['payment_verifier']);
    cookies.staff = await signInAs(db, ['staff']);
  });

  async function waiting(who: string): Promise<WaitingItem[]> {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/staff/overview/waiting',
      headers: { cookie: cookies[who] ?? '' },
    });
    expect(response.statusCode).toBe(200);
    return response.json().items;
  }
  const shown = (items: WaitingItem[]) =>
    Object.fromEntries(items.map((item) => [item.id, [item.count, item.href, item.detail]]));

  it('gives a designer their own work and the tickets they may claim', async () => {
    expect(shown(await waiting('designer'))).toEqual({
      unclaimedTickets: [2, '/dashboard/tickets?status=open', expect.any(String)],
      // Nobody wrote in these tickets (test/server/staff-ticket-replies.test.ts counts some).
      waitingForReply: [
        0,
        '/dashboard/tickets?status=open,claimed,awaiting_customer&reply=customer',
        expect.any(String),
      ],
      myTickets: [2, '/dashboard/tickets?status=claimed,awaiting_customer', expect.any(String)],
      payoutsOwed: [
        990,
        '/dashboard/payouts?status=unpaid,part_paid',
        'For 2 logged orders not paid out yet.',
      ],
    });
  });

  it('gives an executive the studio’s: applications, payments, messages, payouts', async () => {
    const items = await waiting('executive');
    expect(items.map((item) => item.label)).toEqual([
      'Unclaimed tickets',
      'Waiting for a reply',
      'Your open tickets',
      'Applications to decide',
      'Payments to verify',
      'Messages to answer',
      'Payouts owed',
    ]);
    const links = Object.fromEntries(items.map((item) => [item.id, [item.count, item.href]]));
    expect(items.find((item) => item.id === 'payoutsOwed')?.detail).toBe(
      '1,070 R$ to 2 designers for 3 logged orders.',
    );
    expect(links).toEqual({
      unclaimedTickets: [2, '/dashboard/tickets?status=open'],
      waitingForReply: [
        0,
        '/dashboard/tickets?status=open,claimed,awaiting_customer&reply=customer',
      ],
      myTickets: [
        0,
        '/dashboard/tickets?status=claimed,awaiting_customer&claimant=100000000000000203',
      ],
      applicationsToDecide: [2, '/dashboard/applications?status=pending'],
      paymentsToVerify: [2, '/dashboard/orders?status=awaiting_payment'],
      messagesToAnswer: [1, '/dashboard/messages?status=open'],
      payoutsOwed: [2, '/dashboard/payouts?status=unpaid,part_paid'],
    });
  });

  it('gives a payment verifier the payments only, and plain staff nothing', async () => {
    expect(shown(await waiting('verifier'))).toEqual({
      paymentsToVerify: [2, '/dashboard/payments?status=awaiting', expect.any(String)],
    });
    expect(await waiting('staff')).toEqual([]);
  });

  it('counts what changed since: a claim moves a ticket from unclaimed to mine', async () => {
    const db = server.database.db;
    const [open] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerDiscordId, '300000000000000001'));
    await db
      .update(tickets)
      .set({ status: 'claimed', claimantDiscordId: DORA })
      .where(eq(tickets.id, open?.id ?? 0));
    const items = shown(await waiting('designer'));
    expect(items.unclaimedTickets?.[0]).toBe(1);
    expect(items.myTickets?.[0]).toBe(3);
  });

  it('refuses a visitor without a staff session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/staff/overview/waiting' });
    expect(response.statusCode).toBe(401);
  });
});
