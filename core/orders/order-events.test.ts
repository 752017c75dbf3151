import { describe, expect, it } from 'vitest';
import {
  buildDeliveryFellBackEvent,
  describeOrderEvent,
  ORDER_EVENT_DATA,
  ORDER_EVENT_TYPES,
  type OrderEvent,
  OrderEventSchema,
} from './order-events';

const AT = '2025-01-01T12:00:00.000Z';
const base = { orderId: 'ticket-1', actorDiscordId: '100000000000000001', at: AT };

const SAMPLES: { [K in OrderEvent['type']]: Extract<OrderEvent, { type: K }>['data'] } = {
  order_created: {
    priceRobux: 750,
    robloxUsername: 'Cool_Builder',
    customerDiscordId: null,
    designerDiscordId: '100000000000000001',
    ticketChannelId: '200000000000000001',
  },
  order_updated: { changes: { priceRobux: { from: 750, to: 800 } } },
  payment_verified: {},
  qc_submitted: { attempt: 1, fileUrl: null },
  qc_approved: { attempt: 1 },
  qc_changes_requested: { attempt: 1, reason: 'Bigger logo' },
  delivered: { route: 'dm', fileUrl: 'https://cdn.example.com/a.png' },
  delivery_fell_back: { reason: 'dms_closed' },
  order_logged: {
    priceRobux: 750,
    qcPassed: true,
    sharePercent: 90,
    designerShareRobux: 675,
    deliveredByBot: true,
  },
  reviewed: { rating: 5, publish: false },
  review_hidden: {},
  review_shown: {},
  payment_refunded: {
    method: 'card',
    reason: 'Customer cancelled before work began',
    byName: 'Ava',
  },
};

describe('order events', () => {
  it('lists every type once', () => {
    expect(ORDER_EVENT_TYPES).toEqual(Object.keys(SAMPLES));
    expect(Object.keys(ORDER_EVENT_DATA)).toEqual(Object.keys(SAMPLES));
  });

  it.each(ORDER_EVENT_TYPES)('%s reads back from JSON (as the dashboard gets it)', (type) => {
    const json = JSON.parse(JSON.stringify({ ...base, type, data: SAMPLES[type] }));
    const event = OrderEventSchema.parse(json);
    expect(event.at).toEqual(new Date(AT));
    expect(event.data).toEqual(SAMPLES[type]);
    expect(describeOrderEvent(event)).not.toBe('');
  });

  it('refuses data of the wrong shape', () => {
    const bad = { ...base, type: 'qc_approved', data: { attempt: 'one' } };
    expect(OrderEventSchema.safeParse(bad).success).toBe(false);
    expect(OrderEventSchema.safeParse({ ...base, type: 'refunded', data: {} }).success).toBe(false);
  });

  it('describes the timeline in words', () => {
    const line = (type: OrderEvent['type']) =>
      describeOrderEvent(OrderEventSchema.parse({ ...base, type, data: SAMPLES[type] }));
    expect(line('order_created')).toBe('Order created: 750 R$ from Cool_Builder');
    expect(line('order_updated')).toBe('Payment details changed: price');
    expect(line('qc_changes_requested')).toBe('QC changes requested (attempt 1): Bigger logo');
    expect(line('order_logged')).toBe("Logged: designer's share 675 R$ (90%)");
  });

  it('builds the DM fallback event the bot records', () => {
    const event = buildDeliveryFellBackEvent('ticket-1', '100000000000000001', new Date(AT));
    expect(OrderEventSchema.parse(event)).toEqual(event);
    expect(describeOrderEvent(event)).toBe(
      "Customer's DMs are closed: delivered in the ticket channel instead",
    );
  });
});
