import type { Config, RobloxConfig } from '../../core/config';
import {
  buildPaymentVerificationRequest,
  buildPaymentVerifiedNotice,
  buildPrivateInventoryNotice,
  type OrderState,
  ROBLOX_CHECK_ACTOR_ID,
} from '../../core/orders';
import {
  FAILURES_BEFORE_ESCALATION,
  INVENTORY_READS_PER_MINUTE,
  nextScheduledCheck,
  retryDelayMs,
  SCHEDULED_READS_PER_MINUTE,
} from '../../core/payments';
import type { Database } from '../../db/client';
import { paymentEmbedEdit } from '../../db/payment-embed';
import {
  type CardPaymentRow,
  createCardPaymentsRepository,
} from '../../db/repositories/card-payments';
import {
  createOrdersRepository,
  type OrderMessage,
  queueOrderMessage,
} from '../../db/repositories/orders';
import {
  type CheckResult,
  type CustomerCheck,
  createPaymentsRepository,
  type OrderPaymentRow,
} from '../../db/repositories/payments';
import type { Log } from '../log';
import { createGamePassSync, ROBLOX_LEASE_MS } from './game-pass-sync';
import { countPayment, countPaymentCheck, countRobloxError } from './metrics';
import { createRobloxClient, type RobloxClient, RobloxError } from './roblox-client';

// Robux paid through a game pass per order (docs/decisions/051-payments.md): checking the
// customer's inventory, paying the order through the same state-machine operation as the
// Verify button, and handing what the bot cannot decide to a payment verifier with the reason.
// The passes themselves are made and re-priced by game-pass-sync.ts.

/** Customers checked per pass; the budget keeps the pace, not this. */
const CUSTOMERS_PER_PASS = 20;
/** Game passes a user's inventory is asked about in one read. */
const PASSES_PER_READ = 50;

/** The Roblox check as an actor: it verifies payments as a payment verifier would. */
const ROBLOX_CHECK = {
  discordId: ROBLOX_CHECK_ACTOR_ID,
  roles: new Set(['payment_verifier'] as const),
};

export interface RobloxPaymentsDeps {
  db: Database;
  config: Config & { roblox: RobloxConfig };
  log: Log;
  /** Made from config.roblox when not given. */
  client?: RobloxClient;
  /** The clock (the benchmark's simulated one). */
  now?: () => Date;
}

export type RobloxPayments = ReturnType<typeof createRobloxPayments>;

export function createRobloxPayments(deps: RobloxPaymentsDeps) {
  const { db, config, log } = deps;
  const client = deps.client ?? createRobloxClient(config.roblox);
  const clock = deps.now ?? (() => new Date());
  const orders = createOrdersRepository(db);
  const payments = createPaymentsRepository(db);
  const cards = createCardPaymentsRepository(db);
  const verifiedElsewhere = Boolean(config.discord.channels.payments);
  let warnedKey = false;

  function failed(error: unknown): RobloxError {
    const failure =
      error instanceof RobloxError ? error : new RobloxError(String(error), 'unavailable');
    countRobloxError(failure.failure);
    if (failure.failure === 'key_refused' && !warnedKey) {
      warnedKey = true;
      log.warn(
        { status: failure.status },
        'Roblox refused the Open Cloud key (ROBLOX_OPEN_CLOUD_API_KEY): payments go to the verifiers until it is renewed with game-pass and inventory access.',
      );
    }
    return failure;
  }

  /** Everything a verified payment sends: the ticket's notice and the embed, edited. */
  function paidMessages(
    order: OrderState,
    payment: OrderPaymentRow | null,
    card: CardPaymentRow | null,
  ): OrderMessage[] {
    return [
      { target: { channelId: order.ticketChannelId }, payload: buildPaymentVerifiedNotice(order) },
      ...paymentEmbedEdit(order, payment, card, config),
    ];
  }

  /** Hands an order to the verifiers with the reason (once), and tells the customer what helps. */
  async function escalate(orderId: string, reason: string, privateInventory = false) {
    const order = await orders.findOrder(orderId);
    // Paid meanwhile (a verifier, a webhook): nobody needs asking.
    if (!order) return;
    if (order.status !== 'awaiting_payment') return;
    const verifierRoleId = config.discord.roles.payment_verifier;
    const asked = await payments.escalate(orderId, reason, clock(), async (tx) => {
      await queueOrderMessage(tx, orderId, {
        target: verifiedElsewhere ? { channel: 'payments' } : { channelId: order.ticketChannelId },
        payload: buildPaymentVerificationRequest(order, { verifierRoleId, reason }),
      });
      if (privateInventory) {
        await queueOrderMessage(tx, orderId, {
          target: { channelId: order.ticketChannelId },
          payload: buildPrivateInventoryNotice(order),
        });
      }
    });
    if (asked) log.info({ orderId }, 'payments: a verifier is asked to check a payment by hand');
  }

  const { syncPass, syncDuePasses } = createGamePassSync({
    db,
    config,
    log,
    client,
    clock,
    failed,
    escalate,
  });

  /** Pays one order whose pass the customer owns: one transition, whoever else presses. */
  async function pay(orderId: string): Promise<boolean> {
    const now = clock();
    const payment = await payments.findPayment(orderId);
    const card = await cards.findCardPayment(orderId);
    const result = await orders.applyOrderCommand(
      { type: 'verifyPayment', orderId },
      ROBLOX_CHECK,
      now,
      (next) => paidMessages(next, payment, card),
      async (tx) => {
        await payments.recordPaid(orderId, now, tx);
        await payments.recordPaidWith(tx, orderId, 'robux');
      },
    );
    // A verifier pressed first: the order is paid all the same; the pass still goes off sale.
    if (!result.ok) await payments.recordPaid(orderId, now);
    else countPayment('robux', 'automatic');
    return result.ok;
  }

  /** One inventory read for one customer's open passes, and what follows from it. */
  async function checkCustomer(customer: CustomerCheck): Promise<CheckResult> {
    const now = clock();
    const ids = customer.payments.map((p) => p.orderId);
    const limit = customer.pressed ? INVENTORY_READS_PER_MINUTE : SCHEDULED_READS_PER_MINUTE;
    if (!(await payments.takeInventoryRead(now, { pressed: customer.pressed, limit }))) {
      // No budget left this minute: look again in a little while, nothing counted.
      await payments.postponeChecks(
        ids,
        new Date(now.getTime() + (customer.pressed ? 1000 : 5000)),
      );
      return 'rate_limited';
    }
    const passIds = customer.payments.slice(0, PASSES_PER_READ).map((p) => p.gamePassId as string);
    let owned: Set<string>;
    try {
      owned = await client.ownedGamePasses(customer.robloxUserId, passIds);
    } catch (error) {
      return checkFailed(customer, failed(error), now);
    }
    for (const payment of customer.payments) {
      if (owned.has(payment.gamePassId as string)) {
        await pay(payment.orderId);
        await payments.recordCheck([payment.orderId], {
          result: 'owned',
          at: now,
          nextCheckAt: null,
          failed: false,
        });
        countPaymentCheck('owned');
        continue;
      }
      const next = nextScheduledCheck(payment.createdAt, now);
      await payments.recordCheck([payment.orderId], {
        result: 'not_yet',
        at: now,
        nextCheckAt: next,
        failed: false,
      });
      countPaymentCheck('not_yet');
      if (!next) {
        const order = await orders.findOrder(payment.orderId);
        await escalate(
          payment.orderId,
          `No purchase of the game pass by ${order?.robloxUsername ?? 'the customer'} in 7 days.`,
        );
      }
    }
    return owned.size > 0 ? 'owned' : 'not_yet';
  }

  async function checkFailed(
    customer: CustomerCheck,
    failure: RobloxError,
    now: Date,
  ): Promise<CheckResult> {
    const result: CheckResult =
      failure.failure === 'private_inventory'
        ? 'private_inventory'
        : failure.failure === 'key_refused'
          ? 'key_refused'
          : failure.failure === 'rate_limited'
            ? 'rate_limited'
            : 'roblox_error';
    countPaymentCheck(result);
    for (const payment of customer.payments) {
      const failures = payment.checkFailures + 1;
      const next =
        result === 'rate_limited'
          ? new Date(now.getTime() + (failure.retryAfterMs ?? 60_000))
          : result === 'roblox_error' && failures < FAILURES_BEFORE_ESCALATION
            ? new Date(now.getTime() + retryDelayMs(failures))
            : null;
      await payments.recordCheck([payment.orderId], {
        result,
        at: now,
        nextCheckAt: next,
        failed: result === 'roblox_error',
      });
      if (next) continue;
      const order = await orders.findOrder(payment.orderId);
      const name = order?.robloxUsername ?? 'The customer';
      await escalate(
        payment.orderId,
        result === 'private_inventory'
          ? `${name}’s inventory is private, so the bot cannot see the purchase.`
          : result === 'key_refused'
            ? 'Roblox refused Lunar’s Open Cloud key, so the bot cannot check the purchase.'
            : `Roblox did not answer the bot’s checks (${failures} tries).`,
        result === 'private_inventory',
      );
    }
    log.warn(
      { result, orders: customer.payments.map((p) => p.orderId) },
      `payments: a Roblox check failed: ${failure.message}`,
    );
    return result;
  }

  return {
    /** The customer's Roblox user; null for an unknown name. Throws RobloxError when down. */
    async findUser(name: string) {
      try {
        return await client.findUserByName(name);
      } catch (error) {
        throw failed(error);
      }
    },
    syncPass,
    paidMessages,
    syncDuePasses,
    /** The due checks (presses first), one inventory read per customer, within the budget. */
    async runDueChecks(): Promise<CheckResult[]> {
      const customers = await payments.claimDueChecks(clock(), CUSTOMERS_PER_PASS, ROBLOX_LEASE_MS);
      const results: CheckResult[] = [];
      for (const customer of customers) results.push(await checkCustomer(customer));
      return results;
    },
  };
}
