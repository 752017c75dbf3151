import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, StaffRole } from '../../core/orders';
import { createOrdersRepository, type OrdersRepository } from '../../db/repositories/orders';
import { outbox } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { countRows } from '../support/rows';

const actor = (discordId: string, ...roles: StaffRole[]): Actor => ({
  discordId,
  roles: new Set(roles),
});
const designer = actor('100000000000000001', 'designer');
const verifier = actor('100000000000000002', 'payment_verifier');
const ticket = '200000000000000001';
const create = (orderId: string) => ({
  type: 'createPayment' as const,
  orderId,
  price: 700,
  robloxUsername: 'Builder',
  ticketChannelId: ticket,
});

describe.each(DRIVERS)('orders repository on %s', (driver) => {
  let database: TestDatabase;
  let repo: OrdersRepository;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    repo = createOrdersRepository(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('creates an order with its event, and a refusal writes nothing', async () => {
    const created = await repo.applyOrderCommand(create('T-1'), designer);
    expect(created.ok).toBe(true);
    expect(await repo.findOrder('t-1')).toMatchObject({
      id: 't-1',
      status: 'awaiting_payment',
      designerDiscordId: designer.discordId,
      ticketChannelId: ticket,
      qcPassed: false,
    });
    const refused = await repo.applyOrderCommand(
      { type: 'verifyPayment', orderId: 't-1' },
      designer,
    );
    expect(refused).toMatchObject({ ok: false });
    expect((await repo.listEvents('t-1')).map((event) => event.type)).toEqual(['order_created']);
  });

  it('applies 20 identical concurrent verifications exactly once, with one message', async () => {
    await repo.applyOrderCommand(create('t-race'), designer);
    const before = await countRows(database.db, outbox);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        repo.applyOrderCommand(
          { type: 'verifyPayment', orderId: 't-race' },
          verifier,
          new Date(),
          (next) => [
            {
              target: { channelId: next.ticketChannelId },
              payload: { embeds: [], allowed_mentions: { parse: [] } },
            },
          ],
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const events = await repo.listEvents('t-race');
    expect(events.filter((event) => event.type === 'payment_verified')).toHaveLength(1);
    expect(await countRows(database.db, outbox)).toBe(before + 1);
    expect(await repo.findOrder('t-race')).toMatchObject({
      status: 'paid',
      paymentVerifiedBy: verifier.discordId,
    });
  });

  it('creates an order once when the same /createpayment races itself', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => repo.applyOrderCommand(create('t-twice'), designer)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const events = await repo.listEvents('t-twice');
    expect(events.map((event) => event.type)).toEqual(['order_created']);
  });

  it('suggests the invoker’s open orders first', async () => {
    await repo.applyOrderCommand(create('t-other'), actor('100000000000000009', 'designer'));
    const choices = await repo.listOrderChoices(designer.discordId, 'T-');
    expect(choices[0]?.id).not.toBe('t-other');
    expect(choices.map((choice) => choice.id)).toContain('t-other');
  });
});
