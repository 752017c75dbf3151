import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/auth/roles';
import type { WaitingItem } from '../../core/staff/waiting-work';
import type { TicketSummary } from '../../core/tickets/staff-list';
import type { Database } from '../../db/client';
import { tickets } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { numberedTickets, ticketRow } from '../support/rows';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// "Waiting for a reply" (issue 32): live tickets whose customer wrote last, counted on the
// Overview in the member's scope, and the Tickets list's `reply` facet that its link opens —
// the same rows for a designer (their own and unclaimed ones) and for a lead (all).

const DORA = '100000000000000401';
const DAN = '100000000000000402';
const LINK = '/dashboard/tickets?status=open,claimed,awaiting_customer&reply=customer';
const HOUR = 3_600_000;
const NOW = Date.now();

type Seed = Partial<typeof tickets.$inferInsert> & { status: typeof tickets.$inferInsert.status };
const ticket = (n: number, change: Seed) =>
  ticketRow(`30000000000000${String(n).padStart(4, '0')}`, {
    // Each ticket's last activity an hour apart: 9001 the most recent.
    lastActivityAt: new Date(NOW - n * HOUR),
    ...change,
  });
const customerWrote = (n: number) => ({
  lastMessageBy: 'customer' as const,
  lastMessageAt: new Date(NOW - n * HOUR),
});

const signInAs = async (db: Database, roles: StaffRole[], discordId: string) =>
  (await signInAsStaff(db, roles, undefined, discordId)).cookie;

describe.each(DRIVERS)('tickets waiting for a reply on %s', (driver) => {
  const server = useTestApp(driver);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const db = server.database.db;
    await db.insert(tickets).values(
      numberedTickets([
        ticket(1, { status: 'open', ...customerWrote(1) }), // 9001: unclaimed, waiting
        ticket(2, { status: 'claimed', claimantDiscordId: DORA, ...customerWrote(2) }), // 9002
        ticket(3, { status: 'claimed', claimantDiscordId: DAN, ...customerWrote(3) }), // 9003: Dan's
        ticket(4, {
          status: 'claimed',
          claimantDiscordId: DORA,
          lastMessageBy: 'staff',
          lastMessageAt: new Date(NOW - 4 * HOUR),
        }), // 9004: answered
        ticket(5, { status: 'awaiting_customer', claimantDiscordId: DORA, ...customerWrote(5) }),
        ticket(6, {
          status: 'closed',
          claimantDiscordId: DORA,
          closedAt: new Date(),
          ...customerWrote(6),
        }), // 9006: closed, not waiting any more
        ticket(7, { status: 'claimed', claimantDiscordId: DORA }), // 9007: nobody wrote
      ]),
    );
    cookies.dora = await signInAs(db, ['designer'], DORA);
    cookies.lead = await signInAs(db, ['lead'], '100000000000000403');
    cookies.verifier = await signInAs(db, ['payment_verifier'], '100000000000000404');
  });

  const get = (who: string, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] ?? '' } });
  async function waitingItem(who: string): Promise<WaitingItem | undefined> {
    const response = await get(who, '/api/staff/overview/waiting');
    expect(response.statusCode).toBe(200);
    return (response.json().items as WaitingItem[]).find((item) => item.id === 'waitingForReply');
  }
  /** The Tickets list the Overview's link opens (the page's path becomes the API's). */
  async function listed(who: string, href: string) {
    const response = await get(who, href.replace('/dashboard/', '/api/staff/'));
    expect(response.statusCode).toBe(200);
    const page = response.json();
    return {
      numbers: (page.rows as TicketSummary[]).map((row) => row.number),
      total: page.total as number,
      reply: Object.fromEntries(
        (page.facets.reply as { value: string; count: number }[]).map((c) => [c.value, c.count]),
      ),
    };
  }

  it('counts a designer’s own and unclaimed tickets, and the link lists exactly those', async () => {
    const item = await waitingItem('dora');
    expect(item).toMatchObject({ label: 'Waiting for a reply', count: 3, href: LINK });
    const list = await listed('dora', `${LINK}&sort=number&order=asc`);
    expect(list.numbers).toEqual([9001, 9002, 9005]);
    expect(list.total).toBe(item?.count);
  });

  it('counts every live ticket for a lead', async () => {
    const item = await waitingItem('lead');
    expect(item).toMatchObject({ count: 4, href: LINK });
    const list = await listed('lead', `${LINK}&sort=number&order=asc`);
    expect(list.numbers).toEqual([9001, 9002, 9003, 9005]);
  });

  it('gives a payment verifier no ticket counts', async () => {
    expect(await waitingItem('verifier')).toBeUndefined();
  });

  it('counts the reply facet with every other filter, in the member’s scope', async () => {
    const live = '/api/staff/tickets?status=open,claimed,awaiting_customer';
    expect((await listed('dora', live)).reply).toEqual({ customer: 3, staff: 1, none: 1 });
    expect((await listed('lead', live)).reply).toEqual({ customer: 4, staff: 1, none: 1 });
    const none = await listed('dora', '/api/staff/tickets?reply=none');
    expect(none.numbers).toEqual([9007]);
    const answered = await listed(
      'lead',
      '/api/staff/tickets?reply=staff,none&sort=number&order=asc',
    );
    expect(answered.numbers).toEqual([9004, 9007]);
  });

  it('answers each row’s last activity and reply, and sorts by last activity', async () => {
    const response = await get('lead', '/api/staff/tickets?sort=activity&order=asc');
    const rows = response.json().rows as TicketSummary[];
    expect(rows.map((row) => row.number)).toEqual([9007, 9006, 9005, 9004, 9003, 9002, 9001]);
    expect(rows.at(-1)).toMatchObject({
      reply: 'customer',
      lastActivityAt: new Date(NOW - HOUR).toISOString(),
    });
    expect(rows[0]?.reply).toBe('none');
  });

  it('refuses a reply value it does not know, in words', async () => {
    const response = await get('lead', '/api/staff/tickets?reply=someone');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Reply must be one of customer, staff, none');
  });
});
