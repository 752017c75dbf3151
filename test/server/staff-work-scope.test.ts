import { beforeAll, describe, expect, it } from 'vitest';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { DRIVERS } from '../support/database';
import { insertOrder } from '../support/orders';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// Who sees which ticket and order, and which actions each is offered (core/staff/work-scope.ts,
// core/tickets/staff-actions.ts): every caller against every kind of ticket, as one table, so a
// change to the rule shows as a readable diff.

let nextId = 910_000_000_000_000_000n;
const newId = () => String(nextId++);

const CALLERS = ['executive', 'lead', 'designer', 'payment_verifier'] as const;
type Caller = (typeof CALLERS)[number];
const KINDS = ['own', 'other', 'unclaimed', 'unclaimedClosed'] as const;
type Kind = (typeof KINDS)[number];

const BOTH = 'reassign+forceClose';
/** Per caller and ticket: the detail's answer and, when 200, the actions it offers. */
const EXPECTED_TICKETS: Record<Caller, Record<Kind, string>> = {
  executive: { own: BOTH, other: BOTH, unclaimed: BOTH, unclaimedClosed: 'none' },
  lead: { own: BOTH, other: BOTH, unclaimed: BOTH, unclaimedClosed: 'none' },
  designer: { own: 'forceClose', other: '404', unclaimed: 'none', unclaimedClosed: '404' },
  payment_verifier: { own: '403', other: '403', unclaimed: '403', unclaimedClosed: '403' },
};
/** Per caller: the orders of the own and the other designer's ticket. */
const EXPECTED_ORDERS: Record<Caller, Record<'own' | 'other', string>> = {
  executive: { own: '200', other: '200' },
  lead: { own: '200', other: '200' },
  designer: { own: '200', other: '404' },
  payment_verifier: { own: '403', other: '403' },
};

describe.each(DRIVERS)('what each role sees of tickets and orders on %s', (driver) => {
  const server = useTestApp(driver);
  const cookies = new Map<Caller, string>();
  const numbers = new Map<Kind, number>();
  const orderIds = new Map<'own' | 'other', string>();
  let doraId = '';

  const get = (caller: Caller, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { cookie: cookies.get(caller) ?? '' } });
  const post = (caller: Caller, url: string, payload: object) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookies.get(caller) ?? '', origin: SITE_ORIGIN },
      payload,
    });

  beforeAll(async () => {
    const db = server.database.db;
    for (const caller of CALLERS) {
      const name = caller === 'designer' ? 'designer_dora' : undefined;
      const signed = await signInAsStaff(db, [caller], name);
      cookies.set(caller, signed.cookie);
      if (caller === 'designer') doraId = signed.member.discordId;
    }
    const eli = await signInAsStaff(db, ['designer'], 'designer_eli');
    const repo = createTicketsRepository(db);
    const open = async () => {
      const result = await repo.requestTicket({
        customerDiscordId: newId(),
        source: 'site',
        intake: {
          service: 'service:banners',
          request: 'A banner',
          budgetRobux: 900,
          deadline: 'Friday',
          robloxUsername: 'Builder',
        },
        service: { key: 'service:banners', label: 'Banners' },
        onePerService: true,
      });
      if (!result.ok) throw new Error(result.reason);
      await repo.markTicketOpened(result.ticket.id, newId());
      return result.ticket;
    };
    const designerActor = (discordId: string) => ({
      discordId,
      roles: new Set(['designer'] as const),
    });
    const lead = { discordId: newId(), roles: new Set(['lead'] as const) };
    for (const kind of KINDS) {
      const ticket = await open();
      numbers.set(kind, ticket.id);
      if (kind === 'own' || kind === 'other') {
        const designer = kind === 'own' ? doraId : eli.member.discordId;
        expect((await repo.claimTicket(ticket.id, designerActor(designer))).ok).toBe(true);
        await insertOrder(db, { id: ticket.orderId, designerDiscordId: designer });
        orderIds.set(kind, ticket.orderId);
      }
      if (kind === 'unclaimedClosed') {
        expect((await repo.forceCloseTicket(ticket.id, lead, 'Gone quiet')).ok).toBe(true);
      }
    }
  });

  it('shows each role its own tickets, with only the actions it may take', async () => {
    const actual: Record<string, Record<string, string>> = {};
    for (const caller of CALLERS) {
      actual[caller] = {};
      for (const kind of KINDS) {
        const response = await get(caller, `/api/staff/tickets/${numbers.get(kind)}`);
        const actions: string[] = response.statusCode === 200 ? response.json().actions : [];
        (actual[caller] as Record<string, string>)[kind] =
          response.statusCode !== 200
            ? String(response.statusCode)
            : actions.length
              ? actions.join('+')
              : 'none';
      }
    }
    expect(actual).toEqual(EXPECTED_TICKETS);
  });

  it('lists exactly the tickets a detail would show, with the same actions', async () => {
    for (const caller of CALLERS) {
      const response = await get(caller, '/api/staff/tickets?size=100');
      if (caller === 'payment_verifier') {
        expect(response.statusCode).toBe(403);
        continue;
      }
      const rows: { number: number; actions: string[] }[] = response.json().rows;
      const listed = Object.fromEntries(
        KINDS.flatMap((kind) => {
          const row = rows.find((item) => item.number === numbers.get(kind));
          return row ? [[kind, row.actions.length ? row.actions.join('+') : 'none']] : [];
        }),
      );
      const shown = Object.fromEntries(
        Object.entries(EXPECTED_TICKETS[caller]).filter(([, answer]) => !/^40/.test(answer)),
      );
      expect({ caller, listed }).toEqual({ caller, listed: shown });
    }
  });

  it('counts only what each role sees: totals and every facet, whatever is asked', async () => {
    type Counts = { total: number; facets: Record<string, { value: string; count: number }[]> };
    const summary = (page: Counts) => ({
      total: page.total,
      // Each facet's counts add up to the total when nothing else filters.
      facetSums: Object.fromEntries(
        Object.entries(page.facets).map(([id, counts]) => [
          id,
          counts.reduce((sum, each) => sum + each.count, 0),
        ]),
      ),
    });
    const eli = (await get('lead', `/api/staff/orders/${orderIds.get('other')}`)).json()
      .designerDiscordId as string;
    const actual: Record<string, unknown> = {};
    for (const caller of CALLERS) {
      const tickets = await get(caller, '/api/staff/tickets');
      const orders = await get(caller, '/api/staff/orders');
      if (tickets.statusCode !== 200 || orders.statusCode !== 200) {
        actual[caller] = `${tickets.statusCode}/${orders.statusCode}`;
        continue;
      }
      // Asking for another designer's work by name finds nothing and counts nothing of theirs.
      const theirs = (await get(caller, `/api/staff/orders?designer=${eli}`)).json();
      const theirTickets = (await get(caller, `/api/staff/tickets?claimant=${eli}`)).json();
      actual[caller] = {
        tickets: summary(tickets.json()),
        orders: summary(orders.json()),
        eliOrders: theirs.total,
        eliTickets: theirTickets.total,
        // The value asked for comes back (count 0 when none of its rows is the caller's).
        designersCounted: theirs.facets.designer.map(
          (each: { value: string; count: number }) =>
            `${each.value === doraId ? 'dora' : each.value === eli ? 'eli' : each.value} ${each.count}`,
        ),
      };
    }
    const all = {
      tickets: { total: 4, facetSums: { status: 4, service: 4, claimant: 4, reply: 4 } },
      orders: {
        total: 2,
        facetSums: { status: 2, designer: 2, service: 2, qc: 2, paid: 2 },
      },
      eliOrders: 1,
      eliTickets: 1,
      designersCounted: ['dora 1', 'eli 1'],
    };
    expect(actual).toEqual({
      executive: all,
      lead: all,
      designer: {
        tickets: { total: 2, facetSums: { status: 2, service: 2, claimant: 2, reply: 2 } },
        orders: {
          total: 1,
          facetSums: { status: 1, designer: 1, service: 1, qc: 1, paid: 1 },
        },
        eliOrders: 0,
        eliTickets: 0,
        designersCounted: ['dora 1', 'eli 0'],
      },
      payment_verifier: '403/403',
    });
  });

  it('shows each role its own orders, and links order and ticket both ways', async () => {
    const actual: Record<string, Record<string, string>> = {};
    for (const caller of CALLERS) {
      const answers: Record<string, string> = {};
      for (const kind of ['own', 'other'] as const) {
        const response = await get(caller, `/api/staff/orders/${orderIds.get(kind)}`);
        answers[kind] = String(response.statusCode);
      }
      actual[caller] = answers;
    }
    expect(actual).toEqual(EXPECTED_ORDERS);
    const listed = (await get('designer', '/api/staff/orders')).json();
    expect(listed.rows.map((item: { id: string }) => item.id)).toEqual([orderIds.get('own')]);

    const order = (await get('designer', `/api/staff/orders/${orderIds.get('own')}`)).json();
    expect(order.ticketNumber).toBe(numbers.get('own'));
    const ticket = (await get('designer', `/api/staff/tickets/${numbers.get('own')}`)).json();
    expect(ticket.orderVisible).toBe(true);
    // The executive reads the other designer's order from its ticket too.
    const other = (await get('executive', `/api/staff/tickets/${numbers.get('other')}`)).json();
    expect(other.orderVisible).toBe(true);
  });

  it('refuses actions out of scope as if the ticket did not exist', async () => {
    const forceClose = (caller: Caller, kind: Kind) =>
      post(caller, `/api/staff/tickets/${numbers.get(kind)}/force-close`, { reason: 'Not mine' });
    expect((await forceClose('designer', 'other')).statusCode).toBe(404);
    // Seen but not theirs to close: refused in the rules' words, and not offered above.
    expect((await forceClose('designer', 'unclaimed')).statusCode).toBe(409);
    expect((await forceClose('payment_verifier', 'own')).statusCode).toBe(403);
    const reassign = await post('designer', `/api/staff/tickets/${numbers.get('own')}/reassign`, {
      to: doraId,
    });
    expect(reassign.statusCode).toBe(403);
    const unchanged = (await get('executive', `/api/staff/tickets/${numbers.get('other')}`)).json();
    expect(unchanged.status).toBe('claimed');
  });

  it('lists the people a ticket can be given to by name, for leads only', async () => {
    expect((await get('designer', '/api/staff/tickets/designers')).statusCode).toBe(403);
    expect((await get('designer', '/api/staff/tickets/claimants')).statusCode).toBe(403);
    const { designers } = (await get('lead', '/api/staff/tickets/designers')).json();
    const names = designers.map((person: { name: string }) => person.name);
    expect(names).toEqual(expect.arrayContaining(['designer_dora', 'designer_eli']));
    expect(designers).toContainEqual({ discordId: doraId, name: 'designer_dora' });
    // A payment verifier is not someone a ticket can be given to.
    expect(names).not.toContain('member-payment_verifier');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });
});
