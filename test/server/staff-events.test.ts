import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { contactMessages, orders, staffUsers } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { insertOrder } from '../support/orders';
import { openEventStream } from '../support/sse';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const ANA = '100000000000000001';
const BEN = '100000000000000002';

describe.each(DRIVERS)('GET /api/staff/events on %s', (driver) => {
  const server = useTestApp(driver);
  let base: string;
  let lead: string;
  let ana: string;

  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const db = server.database.db;
    lead = (await signInAsStaff(db, ['lead'])).cookie;
    const designer = await signInAsStaff(db, ['designer']);
    await db
      .update(staffUsers)
      .set({ discordId: ANA })
      .where(eq(staffUsers.id, designer.member.id));
    ana = designer.cookie;
  });

  it('streams order changes to leads, and a designer only hears of their own orders', async () => {
    const leadStream = await openEventStream(`${base}/api/staff/events`, lead);
    const anaStream = await openEventStream(`${base}/api/staff/events`, ana);
    expect(leadStream.response.headers.get('content-type')).toBe(
      'text/event-stream; charset=utf-8',
    );
    expect(leadStream.response.headers.get('cache-control')).toContain('no-store');
    try {
      const db = server.database.db;
      const leadHearsBen = leadStream.next(
        (event) => event.event === 'order' && (event.data as { id: string }).id === 'e-ben',
      );
      const anaHearsSomething = anaStream.next((event) => event.event === 'order');
      await insertOrder(db, { id: 'e-ben', designerDiscordId: BEN });
      await insertOrder(db, { id: 'e-ana', designerDiscordId: ANA });
      expect((await leadHearsBen).data).toEqual({
        type: 'order',
        id: 'e-ben',
        op: 'insert',
        status: 'awaiting_payment',
      });
      // Ben's order came first, yet the first order Ana hears of is her own.
      expect((await anaHearsSomething).data).toMatchObject({ id: 'e-ana' });

      const updated = leadStream.next(
        (event) => event.event === 'order' && (event.data as { op: string }).op === 'update',
      );
      await db
        .update(orders)
        .set({ status: 'paid', paidAt: new Date() })
        .where(eq(orders.id, 'e-ben'));
      expect((await updated).data).toMatchObject({ id: 'e-ben', status: 'paid' });
      expect(anaStream.seen.map((event) => (event.data as { id: string }).id)).not.toContain(
        'e-ben',
      );
    } finally {
      await leadStream.close();
      await anaStream.close();
    }
  });

  it('streams new messages to leads, not to designers, and nothing for a rolled-back change', async () => {
    const leadStream = await openEventStream(`${base}/api/staff/events`, lead);
    const anaStream = await openEventStream(`${base}/api/staff/events`, ana);
    try {
      const db = server.database.db;
      await db
        .transaction(async (tx) => {
          await tx
            .insert(contactMessages)
            .values({ name: 'x', email: 'x@example.com', subject: 'rolled back', message: 'x' });
          throw new Error('undo');
        })
        .catch(() => {});
      const message = leadStream.next((event) => event.event === 'message');
      const { id } = await createContactMessagesRepository(db).create({
        name: 'Kim',
        email: 'kim@example.com',
        subject: 'Hello',
        message: 'Hi',
      });
      expect((await message).data).toEqual({ type: 'message', id, op: 'insert' });
      // The rolled-back insert was never announced: the first message event is the real one.
      expect(leadStream.seen.filter((event) => event.event === 'message')).toHaveLength(1);
      // Ana's stream stays open and quiet about messages; an order of hers still arrives after.
      const own = anaStream.next((event) => event.event === 'order');
      await insertOrder(db, { id: 'e-ana-2', designerDiscordId: ANA });
      await own;
      expect(
        anaStream.seen.some((event) => event.event === 'message' || event.event === 'outbox'),
      ).toBe(false);
    } finally {
      await leadStream.close();
      await anaStream.close();
    }
  });

  it('streams ticket changes to designers, for the Tickets page', async () => {
    const anaStream = await openEventStream(`${base}/api/staff/events`, ana);
    try {
      const heard = anaStream.next((event) => event.event === 'ticket');
      const result = await createTicketsRepository(server.database.db).requestTicket({
        customerDiscordId: '100000000000000009',
        source: 'site',
        intake: {
          service: 'service:banners',
          request: 'A banner for the events test',
          budgetRobux: 500,
          deadline: 'Soon',
          robloxUsername: 'Builder',
        },
        service: { key: 'service:banners', label: 'Banners' },
        onePerService: true,
      });
      if (!result.ok) throw new Error(result.reason);
      expect((await heard).data).toEqual({ type: 'ticket', id: result.ticket.id, op: 'insert' });
    } finally {
      await anaStream.close();
    }
  });

  it('refuses a stream without a staff session', async () => {
    const response = await fetch(`${base}/api/staff/events`);
    expect(response.status).toBe(401);
    await response.text();
  });
});
