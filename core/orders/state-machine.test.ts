import { describe, expect, it } from 'vitest';
import type { OrderCommandInput, OrderCommandType } from './commands';
import type { Actor, OrderState } from './order';
import { checkBeforeModal, offersDeliveryWithoutQc } from './order-rules';
import type { OrderStatus, StaffRole } from './order-status';
import { type Decision, decide } from './state-machine';

const DESIGNER = '100000000000000001';
const OTHER_DESIGNER = '100000000000000002';
const VERIFIER = '100000000000000003';
const LEAD = '100000000000000004';
const EXECUTIVE = '100000000000000005';
const CUSTOMER = '100000000000000006';
const STRANGER = '100000000000000007';
const TICKET = '200000000000000001';
const OTHER_CHANNEL = '200000000000000002';
const ID = 'ticket-1234';
const T0 = new Date('2025-01-01T12:00:00Z');

const actor = (discordId: string, ...roles: StaffRole[]): Actor => ({
  discordId,
  roles: new Set(roles),
});
const designer = actor(DESIGNER, 'designer');
const otherDesigner = actor(OTHER_DESIGNER, 'designer');
const verifier = actor(VERIFIER, 'payment_verifier');
const lead = actor(LEAD, 'designer', 'lead');
const executive = actor(EXECUTIVE, 'executive');
const customer = actor(CUSTOMER);

const COMMANDS = {
  createPayment: {
    type: 'createPayment',
    orderId: ID,
    price: 750,
    robloxUsername: 'Cool_Builder',
    customerDiscordId: CUSTOMER,
    ticketChannelId: TICKET,
  },
  verifyPayment: { type: 'verifyPayment', orderId: ID },
  submitQc: { type: 'submitQc', orderId: ID, fileUrl: 'https://cdn.example.com/work.png' },
  approveQc: { type: 'approveQc', orderId: ID, attempt: 1 },
  requestChanges: { type: 'requestChanges', orderId: ID, attempt: 1, reason: 'Bigger logo' },
  deliver: { type: 'deliver', orderId: ID },
  deliverWithoutQc: { type: 'deliverWithoutQc', orderId: ID },
  logOrder: { type: 'logOrder', orderId: ID },
  review: {
    type: 'review',
    orderId: ID,
    channelId: TICKET,
    rating: '5',
    comment: 'Great!',
    publish: 'yes',
    authorName: 'Alex',
  },
  setReviewHidden: { type: 'setReviewHidden', orderId: ID, hidden: true },
} as const satisfies Record<OrderCommandType, OrderCommandInput>;

/** The actor each command is meant for. */
const ACTORS: Record<OrderCommandType, Actor> = {
  createPayment: designer,
  verifyPayment: verifier,
  submitQc: designer,
  approveQc: lead,
  requestChanges: lead,
  deliver: designer,
  deliverWithoutQc: designer,
  logOrder: designer,
  review: customer,
  setReviewHidden: executive,
};

function run(order: OrderState | null, type: OrderCommandType, by = ACTORS[type]): Decision {
  return decide(order, COMMANDS[type], by, T0);
}

function must(decision: Decision): OrderState {
  if (!decision.ok) throw new Error(decision.reason);
  return decision.next;
}

function walk(...steps: OrderCommandType[]): OrderState {
  return steps.reduce<OrderState | null>(
    (order, step) => must(run(order, step)),
    null,
  ) as OrderState;
}

// One order in every status (and both kinds of `reviewed`), reached through the machine itself.
const FIXTURES: Record<string, () => OrderState> = {
  awaiting_payment: () => walk('createPayment'),
  paid: () => walk('createPayment', 'verifyPayment'),
  in_qc: () => walk('createPayment', 'verifyPayment', 'submitQc'),
  qc_passed: () => walk('createPayment', 'verifyPayment', 'submitQc', 'approveQc'),
  qc_changes_requested: () => walk('createPayment', 'verifyPayment', 'submitQc', 'requestChanges'),
  delivered: () => walk('createPayment', 'verifyPayment', 'submitQc', 'approveQc', 'deliver'),
  logged: () =>
    walk('createPayment', 'verifyPayment', 'submitQc', 'approveQc', 'deliver', 'logOrder'),
  'reviewed (logged)': () =>
    walk(
      'createPayment',
      'verifyPayment',
      'submitQc',
      'approveQc',
      'deliver',
      'logOrder',
      'review',
    ),
  'reviewed (not logged)': () =>
    walk('createPayment', 'verifyPayment', 'submitQc', 'approveQc', 'deliver', 'review'),
  'delivered without QC': () => walk('createPayment', 'verifyPayment', 'deliverWithoutQc'),
  'logged without QC': () => walk('createPayment', 'verifyPayment', 'deliverWithoutQc', 'logOrder'),
  // Logged straight from QC passed under the rules before decision 043: never delivered.
  'logged, never delivered': () => ({
    ...walk('createPayment', 'verifyPayment', 'submitQc', 'approveQc'),
    status: 'logged',
    loggedAt: T0,
    designerShareRobux: 675,
  }),
};

/** The transition table: fixture → command → resulting status; anything missing is refused. */
const LEGAL: Record<string, Partial<Record<OrderCommandType, OrderStatus>>> = {
  awaiting_payment: { createPayment: 'awaiting_payment', verifyPayment: 'paid' },
  paid: { submitQc: 'in_qc', deliverWithoutQc: 'delivered' },
  in_qc: { approveQc: 'qc_passed', requestChanges: 'qc_changes_requested' },
  qc_passed: { deliver: 'delivered' },
  qc_changes_requested: { submitQc: 'in_qc' },
  delivered: { logOrder: 'logged', review: 'reviewed' },
  logged: { review: 'reviewed' },
  'reviewed (logged)': { setReviewHidden: 'reviewed' },
  'reviewed (not logged)': { logOrder: 'reviewed', setReviewHidden: 'reviewed' },
  'delivered without QC': { logOrder: 'logged', review: 'reviewed' },
  'logged without QC': { review: 'reviewed' },
  'logged, never delivered': { deliver: 'logged', review: 'reviewed' },
};

const cases = Object.keys(FIXTURES).flatMap((fixture) =>
  (Object.keys(COMMANDS) as OrderCommandType[]).map((type) => ({
    fixture,
    type,
    to: LEGAL[fixture]?.[type],
  })),
);

describe('decide: every command from every status', () => {
  it.each(cases)('$fixture + $type → $to', ({ fixture, type, to }) => {
    const order = FIXTURES[fixture]?.() as OrderState;
    const before = structuredClone(order);
    const decision = run(order, type);
    expect(order).toEqual(before); // pure: the input is never changed
    if (to === undefined) {
      expect(decision).toEqual({ ok: false, reason: expect.any(String) });
      return;
    }
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    expect(decision.next.status).toBe(to);
    for (const [key, value] of Object.entries(decision.patch)) {
      expect(decision.next[key as keyof OrderState]).toEqual(value);
    }
    for (const event of decision.events) {
      expect(event).toMatchObject({ orderId: ID, actorDiscordId: ACTORS[type].discordId, at: T0 });
    }
  });

  it('answers an unknown order for everything but createPayment', () => {
    for (const type of Object.keys(COMMANDS) as OrderCommandType[]) {
      const decision = run(null, type);
      if (type === 'createPayment') expect(decision.ok).toBe(true);
      else expect(decision).toEqual({ ok: false, reason: expect.stringContaining('no order') });
    }
  });
});

describe('decide: the refusals the issue names', () => {
  it('refuses to log an unpaid order with the Payment First rule', () => {
    expect(run(FIXTURES.awaiting_payment?.() ?? null, 'logOrder')).toEqual({
      ok: false,
      reason:
        'Payment First: order ticket-1234 is not paid yet. Never start work before the payment is verified. Create it with /tax and /createpayment, and wait for verification.',
    });
  });

  it('refuses a review before delivery', () => {
    for (const fixture of ['awaiting_payment', 'paid', 'in_qc', 'qc_passed']) {
      expect(run(FIXTURES[fixture]?.() ?? null, 'review')).toEqual({
        ok: false,
        reason:
          'Order ticket-1234 has not been delivered yet. You can review it once you have received your order.',
      });
    }
  });

  it('refuses QC on a logged order', () => {
    expect(run(FIXTURES.logged?.() ?? null, 'submitQc')).toEqual({
      ok: false,
      reason: 'Order ticket-1234 is already logged, so it cannot go back to quality control.',
    });
  });

  it("refuses a designer acting on another designer's order", () => {
    const reason = `Order ticket-1234 belongs to <@${DESIGNER}>. Only they, a lead designer or an executive can do this.`;
    expect(run(FIXTURES.awaiting_payment?.() ?? null, 'createPayment', otherDesigner)).toEqual({
      ok: false,
      reason,
    });
    expect(run(FIXTURES.paid?.() ?? null, 'submitQc', otherDesigner)).toEqual({
      ok: false,
      reason,
    });
    expect(run(FIXTURES.qc_passed?.() ?? null, 'deliver', otherDesigner)).toEqual({
      ok: false,
      reason,
    });
    expect(run(FIXTURES.delivered?.() ?? null, 'logOrder', otherDesigner)).toEqual({
      ok: false,
      reason,
    });
  });
});

const fixture = (name: string) => FIXTURES[name]?.() as OrderState;
const reasonOf = (decision: Decision) => (decision.ok ? null : decision.reason);

describe('decide: createPayment', () => {
  it('creates the order for the invoker in the ticket channel', () => {
    const decision = run(null, 'createPayment');
    expect(decision.ok && decision.next).toMatchObject({
      id: ID,
      status: 'awaiting_payment',
      priceRobux: 750,
      robloxUsername: 'Cool_Builder',
      customerDiscordId: CUSTOMER,
      designerDiscordId: DESIGNER,
      ticketChannelId: TICKET,
      createdAt: T0,
    });
    expect(decision.ok && decision.events).toEqual([
      {
        orderId: ID,
        type: 'order_created',
        actorDiscordId: DESIGNER,
        at: T0,
        data: {
          priceRobux: 750,
          robloxUsername: 'Cool_Builder',
          customerDiscordId: CUSTOMER,
          designerDiscordId: DESIGNER,
          ticketChannelId: TICKET,
        },
      },
    ]);
  });

  it('normalises the order id and the username', () => {
    const decision = decide(
      null,
      { ...COMMANDS.createPayment, orderId: ' Ticket-1234 ', robloxUsername: '@Cool_Builder' },
      designer,
      T0,
    );
    expect(decision.ok && [decision.next.id, decision.next.robloxUsername]).toEqual([
      ID,
      'Cool_Builder',
    ]);
  });

  it('records no customer when none is given', () => {
    const { customerDiscordId: _, ...withoutCustomer } = COMMANDS.createPayment as {
      customerDiscordId?: string;
    } & OrderCommandInput;
    const decision = decide(null, withoutCustomer, designer, T0);
    expect(decision.ok && decision.next.customerDiscordId).toBeNull();
  });

  it('is for designers, leads and executives only', () => {
    expect(reasonOf(run(null, 'createPayment', customer))).toBe(
      'Only designers can create payments.',
    );
    expect(reasonOf(run(null, 'createPayment', verifier))).toBe(
      'Only designers can create payments.',
    );
    expect(run(null, 'createPayment', lead).ok).toBe(true);
    expect(run(null, 'createPayment', executive).ok).toBe(true);
  });

  it('refuses the designer as their own customer', () => {
    const own = { ...COMMANDS.createPayment, customerDiscordId: DESIGNER };
    expect(reasonOf(decide(null, own, designer, T0))).toBe(
      'You cannot be the customer of your own order.',
    );
  });

  it('updates an unpaid order, recording only what changed', () => {
    const order = fixture('awaiting_payment');
    const update = { ...COMMANDS.createPayment, price: 800, customerDiscordId: undefined };
    const decision = decide(order, update, designer, T0);
    expect(decision.ok && decision.patch).toEqual({ priceRobux: 800 });
    expect(decision.ok && decision.next.customerDiscordId).toBe(CUSTOMER); // kept
    expect(decision.ok && decision.events.map((e) => e.data)).toEqual([
      { changes: { priceRobux: { from: 750, to: 800 } } },
    ]);
    const same = decide(order, COMMANDS.createPayment, designer, T0);
    expect(same.ok && [same.patch, same.events]).toEqual([{}, []]);
  });

  it('refuses an update from another channel or after payment', () => {
    const elsewhere = { ...COMMANDS.createPayment, ticketChannelId: OTHER_CHANNEL };
    expect(reasonOf(decide(fixture('awaiting_payment'), elsewhere, designer, T0))).toBe(
      `Order ticket-1234 belongs to the ticket <#${TICKET}>. Run the command there.`,
    );
    expect(reasonOf(run(fixture('paid'), 'createPayment'))).toBe(
      'Order ticket-1234 is already paid, so its payment can no longer be changed. Ask an executive if it must.',
    );
  });

  it('refuses bad options with the validator message', () => {
    const bad = { ...COMMANDS.createPayment, price: 0 };
    expect(reasonOf(decide(null, bad, designer, T0))).toBe(
      'Price must be a whole number of Robux from 1 to 1,000,000',
    );
    const badName = { ...COMMANDS.createPayment, robloxUsername: '_x_' };
    expect(reasonOf(decide(null, badName, designer, T0))).toBe(
      'A Roblox username cannot start or end with an underscore',
    );
  });
});

describe('decide: verifyPayment', () => {
  it('records who verified and when', () => {
    const decision = run(fixture('awaiting_payment'), 'verifyPayment');
    expect(decision.ok && decision.patch).toEqual({
      status: 'paid',
      paidAt: T0,
      paymentVerifiedBy: VERIFIER,
    });
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['payment_verified']);
  });

  it('is for verifiers and executives, never on their own order', () => {
    const order = fixture('awaiting_payment');
    expect(run(order, 'verifyPayment', executive).ok).toBe(true);
    for (const who of [designer, lead, customer]) {
      expect(reasonOf(run(order, 'verifyPayment', who))).toBe(
        'Only payment verifiers and executives can verify payments.',
      );
    }
    const verifyingDesigner = actor(DESIGNER, 'designer', 'payment_verifier');
    expect(reasonOf(run(order, 'verifyPayment', verifyingDesigner))).toBe(
      'You cannot verify the payment of your own order; another verifier or an executive must.',
    );
  });

  it('refuses a second verification, naming the first verifier', () => {
    expect(reasonOf(run(fixture('paid'), 'verifyPayment'))).toBe(
      `The payment of order ticket-1234 was already verified by <@${VERIFIER}>.`,
    );
  });
});

describe('decide: quality control', () => {
  it('numbers submissions and keeps the file', () => {
    const decision = run(fixture('paid'), 'submitQc');
    expect(decision.ok && decision.patch).toEqual({
      status: 'in_qc',
      qcAttempts: 1,
      qcSubmittedBy: DESIGNER,
      workFileUrl: 'https://cdn.example.com/work.png',
    });
  });

  it('takes a resubmission after changes, and forgets the outdated file', () => {
    const order = fixture('qc_changes_requested');
    expect(order.qcChangesReason).toBe('Bigger logo');
    const decision = decide(order, { type: 'submitQc', orderId: ID }, designer, T0);
    expect(decision.ok && decision.next).toMatchObject({
      status: 'in_qc',
      qcAttempts: 2,
      workFileUrl: null,
      qcChangesReason: null,
      qcReviewedBy: null,
    });
    expect(decision.ok && decision.events[0]?.data).toEqual({ attempt: 2, fileUrl: null });
  });

  it('refuses buttons of an older submission', () => {
    const second = must(run(fixture('qc_changes_requested'), 'submitQc'));
    expect(reasonOf(run(second, 'approveQc'))).toBe(
      'This quality-control request for order ticket-1234 is out of date. Use the latest one.',
    );
    expect(run(second, 'approveQc').ok).toBe(false);
    expect(decide(second, { ...COMMANDS.approveQc, attempt: 2 }, lead, T0).ok).toBe(true);
  });

  it('lets only leads decide, and never on their own work', () => {
    const order = fixture('in_qc');
    for (const who of [designer, otherDesigner, executive, verifier, customer]) {
      expect(reasonOf(run(order, 'approveQc', who))).toBe(
        'Only lead designers can approve work or request changes.',
      );
      expect(reasonOf(run(order, 'requestChanges', who))).toBe(
        'Only lead designers can approve work or request changes.',
      );
    }
    // A lead covering a ticket submitted this work; another lead must judge it.
    const coveredByLead = must(run(fixture('paid'), 'submitQc', lead));
    expect(reasonOf(run(coveredByLead, 'approveQc', lead))).toBe(
      'You cannot review your own work; another lead designer must.',
    );
    const secondLead = actor('100000000000000008', 'lead');
    expect(run(coveredByLead, 'approveQc', secondLead).ok).toBe(true);
  });

  it('stores the outcome', () => {
    const approved = run(fixture('in_qc'), 'approveQc');
    expect(approved.ok && approved.patch).toEqual({
      status: 'qc_passed',
      qcPassed: true,
      qcReviewedBy: LEAD,
    });
    const changes = run(fixture('in_qc'), 'requestChanges');
    expect(changes.ok && changes.patch).toEqual({
      status: 'qc_changes_requested',
      qcReviewedBy: LEAD,
      qcChangesReason: 'Bigger logo',
    });
    expect(changes.ok && changes.events[0]?.data).toEqual({ attempt: 1, reason: 'Bigger logo' });
  });

  it('refuses an empty or too long reason', () => {
    const blank = { ...COMMANDS.requestChanges, reason: '   ' };
    expect(reasonOf(decide(fixture('in_qc'), blank, lead, T0))).toBe('Reason is required');
    const long = { ...COMMANDS.requestChanges, reason: 'x'.repeat(1001) };
    expect(reasonOf(decide(fixture('in_qc'), long, lead, T0))).toBe(
      'Reason must be at most 1000 characters',
    );
  });

  it('refuses QC before payment with Payment First', () => {
    expect(reasonOf(run(fixture('awaiting_payment'), 'submitQc'))).toMatch(/^Payment First:/);
  });
});

describe('decide: deliver', () => {
  it('delivers by DM to a recorded customer, else in the ticket', () => {
    const decision = run(fixture('qc_passed'), 'deliver');
    expect(decision.ok && decision.patch).toEqual({ status: 'delivered', deliveredAt: T0 });
    expect(decision.ok && decision.events[0]?.data).toEqual({
      route: 'dm',
      fileUrl: 'https://cdn.example.com/work.png',
    });
    const noCustomer = { ...fixture('qc_passed'), customerDiscordId: null };
    const fallback = run(noCustomer, 'deliver');
    expect(fallback.ok && fallback.events[0]?.data).toMatchObject({ route: 'ticket_channel' });
  });

  it('needs QC passed, and the requested changes made', () => {
    expect(reasonOf(run(fixture('paid'), 'deliver'))).toBe(
      'Order ticket-1234 has not passed quality control yet. Submit it with /qualitycontrol first, or deliver it without QC (80% share) from /orderlog.',
    );
    expect(reasonOf(run(fixture('qc_changes_requested'), 'deliver'))).toBe(
      'A lead designer asked for changes to order ticket-1234. Apply them and submit it again with /qualitycontrol; it is delivered and logged once it passes.',
    );
    expect(reasonOf(run(fixture('delivered'), 'deliver'))).toBe(
      'Order ticket-1234 is already delivered.',
    );
    expect(reasonOf(run(fixture('logged'), 'deliver'))).toBe(
      'Order ticket-1234 is already logged.',
    );
  });

  it('still delivers an order the old rules logged before it was delivered', () => {
    const decision = run(fixture('logged, never delivered'), 'deliver');
    expect(decision.ok && decision.patch).toEqual({ deliveredAt: T0 });
    expect(decision.ok && decision.next.status).toBe('logged');
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['delivered']);
    const again = must(decision);
    expect(reasonOf(run(again, 'deliver'))).toBe('Order ticket-1234 is already logged.');
  });

  it('lets a lead or executive cover, not a customer', () => {
    expect(run(fixture('qc_passed'), 'deliver', lead).ok).toBe(true);
    expect(run(fixture('qc_passed'), 'deliver', executive).ok).toBe(true);
    expect(run(fixture('qc_passed'), 'deliver', customer).ok).toBe(false);
    // The designer lost the designer role (left the team): no longer theirs to act on.
    expect(run(fixture('qc_passed'), 'deliver', actor(DESIGNER)).ok).toBe(false);
  });
});

describe('decide: deliverWithoutQc', () => {
  it('delivers work never sent to QC, saying so in the timeline', () => {
    const decision = run(fixture('paid'), 'deliverWithoutQc');
    expect(decision.ok && decision.patch).toEqual({ status: 'delivered', deliveredAt: T0 });
    expect(decision.ok && decision.next.qcPassed).toBe(false);
    expect(decision.ok && decision.events.map((e) => [e.type, e.data])).toEqual([
      ['delivered', { route: 'dm', fileUrl: null, withoutQc: true }],
    ]);
  });

  it('is refused once QC was asked, and before payment', () => {
    expect(reasonOf(run(fixture('awaiting_payment'), 'deliverWithoutQc'))).toMatch(
      /^Payment First:/,
    );
    expect(reasonOf(run(fixture('in_qc'), 'deliverWithoutQc'))).toBe(
      "Order ticket-1234 is already waiting for quality control. Wait for a lead designer's decision.",
    );
    expect(reasonOf(run(fixture('qc_passed'), 'deliverWithoutQc'))).toBe(
      'Order ticket-1234 already passed quality control. Deliver it with the Deliver button.',
    );
    expect(reasonOf(run(fixture('qc_changes_requested'), 'deliverWithoutQc'))).toMatch(
      /^A lead designer asked for changes to order ticket-1234\./,
    );
    expect(reasonOf(run(fixture('delivered without QC'), 'deliverWithoutQc'))).toBe(
      'Order ticket-1234 is already delivered.',
    );
  });

  it('is for the order’s designer, a lead or an executive', () => {
    expect(run(fixture('paid'), 'deliverWithoutQc', lead).ok).toBe(true);
    expect(run(fixture('paid'), 'deliverWithoutQc', executive).ok).toBe(true);
    for (const who of [otherDesigner, customer, verifier]) {
      expect(run(fixture('paid'), 'deliverWithoutQc', who).ok).toBe(false);
    }
  });

  it('is offered by /orderlog only where it applies', () => {
    expect(offersDeliveryWithoutQc(fixture('paid'), designer)).toBe(true);
    expect(offersDeliveryWithoutQc(fixture('paid'), otherDesigner)).toBe(false);
    for (const name of ['awaiting_payment', 'in_qc', 'qc_passed', 'qc_changes_requested']) {
      expect(offersDeliveryWithoutQc(fixture(name), designer)).toBe(false);
    }
    expect(offersDeliveryWithoutQc(fixture('delivered without QC'), designer)).toBe(false);
  });
});

describe('decide: logOrder', () => {
  it('pays 90% after QC passed', () => {
    const decision = run(fixture('delivered'), 'logOrder');
    expect(decision.ok && decision.patch).toEqual({
      status: 'logged',
      loggedAt: T0,
      designerShareRobux: 675,
    });
    expect(decision.ok && decision.events[0]?.data).toEqual({
      priceRobux: 750,
      qcPassed: true,
      sharePercent: 90,
      designerShareRobux: 675,
      deliveredByBot: true,
    });
  });

  it('pays 80% for work delivered without QC', () => {
    const decision = run(fixture('delivered without QC'), 'logOrder');
    expect(decision.ok && decision.patch).toEqual({
      status: 'logged',
      loggedAt: T0,
      designerShareRobux: 600,
    });
    expect(decision.ok && decision.events[0]?.data).toEqual({
      priceRobux: 750,
      qcPassed: false,
      sharePercent: 80,
      designerShareRobux: 600,
      deliveredByBot: true,
    });
  });

  it('logs only a delivered order, saying what to do first', () => {
    expect(reasonOf(run(fixture('qc_passed'), 'logOrder'))).toBe(
      `Order ticket-1234 passed quality control but is not delivered yet. Press Deliver under the QC notice in <#${TICKET}> first, then log it.`,
    );
    expect(reasonOf(run(fixture('qc_changes_requested'), 'logOrder'))).toBe(
      'A lead designer asked for changes to order ticket-1234. Apply them and submit it again with /qualitycontrol; it is delivered and logged once it passes.',
    );
    expect(reasonOf(run(fixture('paid'), 'logOrder'))).toBe(
      'Order ticket-1234 has not been delivered. Submit it with /qualitycontrol (90% share once it passes), or deliver it without QC (80% share) with the button /orderlog offers.',
    );
    for (const name of ['paid', 'qc_passed', 'qc_changes_requested', 'in_qc']) {
      expect(run(fixture(name), 'logOrder').ok).toBe(false);
    }
  });

  it('waits for the QC decision and logs once', () => {
    expect(reasonOf(run(fixture('in_qc'), 'logOrder'))).toBe(
      'Order ticket-1234 is waiting for quality control. Log it once a lead designer has decided and it is delivered, so your share is right.',
    );
    expect(reasonOf(run(fixture('logged, never delivered'), 'logOrder'))).toBe(
      'Order ticket-1234 is already logged.',
    );
    expect(reasonOf(run(fixture('logged'), 'logOrder'))).toBe(
      'Order ticket-1234 is already logged.',
    );
    expect(reasonOf(run(fixture('reviewed (logged)'), 'logOrder'))).toBe(
      'Order ticket-1234 is already logged.',
    );
  });

  it('logs a reviewed order without losing the review status', () => {
    const decision = run(fixture('reviewed (not logged)'), 'logOrder');
    expect(decision.ok && decision.patch).toEqual({ loggedAt: T0, designerShareRobux: 675 });
  });
});

describe('decide: review', () => {
  it('stores the review and moves to reviewed', () => {
    const decision = run(fixture('logged'), 'review');
    expect(decision.ok && decision.patch).toEqual({
      status: 'reviewed',
      review: {
        rating: 5,
        comment: 'Great!',
        publish: true,
        hidden: false,
        authorName: 'Alex',
        byDiscordId: CUSTOMER,
        at: T0,
      },
    });
    expect(decision.ok && decision.events[0]?.data).toEqual({ rating: 5, publish: true });
  });

  it('defaults to not publishing', () => {
    const { publish: _, ...noConsent } = COMMANDS.review as {
      publish?: string;
    } & OrderCommandInput;
    const decision = decide(fixture('delivered'), noConsent, customer, T0);
    expect(decision.ok && decision.next.review?.publish).toBe(false);
  });

  it('is for the recorded customer only', () => {
    for (const who of [designer, lead, executive, actor(STRANGER)]) {
      expect(reasonOf(run(fixture('delivered'), 'review', who))).toBe(
        'Only the customer of order ticket-1234 can review it.',
      );
    }
  });

  it('without a customer, is for anyone in the ticket except the designer', () => {
    const order = { ...fixture('delivered'), customerDiscordId: null };
    expect(run(order, 'review', actor(STRANGER)).ok).toBe(true);
    expect(reasonOf(run(order, 'review', designer))).toBe('You cannot review your own order.');
    const elsewhere = { ...COMMANDS.review, channelId: OTHER_CHANNEL };
    expect(reasonOf(decide(order, elsewhere, actor(STRANGER), T0))).toBe(
      `Run /review in the ticket of order ticket-1234: <#${TICKET}>.`,
    );
  });

  it('takes one review per order', () => {
    expect(reasonOf(run(fixture('reviewed (logged)'), 'review'))).toBe(
      'Order ticket-1234 already has a review. Thank you for your feedback!',
    );
  });

  it('refuses a bad rating', () => {
    const bad = { ...COMMANDS.review, rating: '6' };
    expect(reasonOf(decide(fixture('delivered'), bad, customer, T0))).toBe(
      'Rating must be a whole number from 1 to 5',
    );
  });
});

describe('decide: setReviewHidden', () => {
  it('lets executives hide and show a review', () => {
    const hidden = must(run(fixture('reviewed (logged)'), 'setReviewHidden'));
    expect(hidden.review?.hidden).toBe(true);
    expect(reasonOf(run(hidden, 'setReviewHidden'))).toBe(
      'The review of order ticket-1234 is already hidden.',
    );
    const shown = decide(hidden, { ...COMMANDS.setReviewHidden, hidden: false }, executive, T0);
    expect(shown.ok && shown.events.map((e) => e.type)).toEqual(['review_shown']);
    expect(reasonOf(run(fixture('reviewed (logged)'), 'setReviewHidden', lead))).toBe(
      'Only executives can hide or show reviews.',
    );
  });
});

describe('decide: contract', () => {
  it('throws when the order does not match the command', () => {
    const other = { ...fixture('paid'), id: 'ticket-9' };
    expect(() => run(other, 'submitQc')).toThrow(/ticket-9/);
  });

  it('never reads the clock', () => {
    const later = new Date('2030-06-01T00:00:00Z');
    const decision = decide(fixture('awaiting_payment'), COMMANDS.verifyPayment, verifier, later);
    expect(decision.ok && decision.next.paidAt).toBe(later);
  });
});

describe('checkBeforeModal', () => {
  it('gives the refusal the submission would get', () => {
    const intent = { type: 'review', orderId: ID, channelId: TICKET } as const;
    expect(checkBeforeModal(fixture('delivered'), intent, customer)).toBeNull();
    expect(checkBeforeModal(fixture('paid'), intent, customer)).toMatch(/not been delivered/);
    expect(checkBeforeModal(null, intent, customer)).toMatch(/no order ticket-1234/);
    const qc = { type: 'requestChanges', orderId: ID, attempt: 1 } as const;
    expect(checkBeforeModal(fixture('in_qc'), qc, lead)).toBeNull();
    expect(checkBeforeModal(fixture('in_qc'), qc, designer)).toMatch(/Only lead designers/);
  });
});
