import type { Config, RobloxConfig } from '../../core/config';
import {
  FAILURES_BEFORE_ESCALATION,
  gamePassDescription,
  gamePassName,
  retryDelayMs,
} from '../../core/payments';
import type { Database } from '../../db/client';
import { paymentEmbedEdit } from '../../db/payment-embed';
import { createCardPaymentsRepository } from '../../db/repositories/card-payments';
import { createOrdersRepository, queueOrderMessage } from '../../db/repositories/orders';
import { createPaymentsRepository } from '../../db/repositories/payments';
import type { Log } from '../log';
import type { RobloxClient, RobloxError } from './roblox-client';

// Each Robux order's game pass in Roblox (docs/decisions/051-payments.md): made when the
// order is, re-priced while it is unpaid, taken off sale once it is paid. The checks of the
// customer's inventory are robux-payments.ts's; this is what they look for.

/** How long one process may talk to Roblox about one pass (or, for the checks, one customer). */
export const ROBLOX_LEASE_MS = 60_000;
/** Passes synced per run of the payments job. */
const PASSES_PER_RUN = 20;

export interface GamePassSyncDeps {
  db: Database;
  config: Config & { roblox: RobloxConfig };
  log: Log;
  client: RobloxClient;
  clock: () => Date;
  /** Counts a Roblox failure (and warns once of a refused key); the error as a RobloxError. */
  failed: (error: unknown) => RobloxError;
  /** Hands the order to the payment verifiers with the reason. */
  escalate: (orderId: string, reason: string) => Promise<void>;
}

export function createGamePassSync(deps: GamePassSyncDeps) {
  const { db, config, log, client, clock, failed, escalate } = deps;
  const orders = createOrdersRepository(db);
  const payments = createPaymentsRepository(db);
  const cards = createCardPaymentsRepository(db);

  /**
   * Makes the order's game pass (found by name first: a crash after creating it never makes a
   * second), re-prices it while unpaid, takes it off sale once paid. False when another
   * process holds the pass or Roblox failed (the job tries again later).
   */
  async function syncPass(orderId: string): Promise<boolean> {
    const now = clock();
    const claimed = await payments.claimPassSync(orderId, now, ROBLOX_LEASE_MS);
    if (!claimed) return false;
    const { payment, order } = claimed;
    let { gamePassId, passPricedAt: pricedAt, passOnSale: onSale, robloxUserId } = payment;
    try {
      if (order.status !== 'awaiting_payment') {
        if (gamePassId && onSale) await client.updateGamePass(gamePassId, { isForSale: false });
        await payments.recordPassSynced(
          orderId,
          {
            gamePassId: gamePassId ?? '',
            pricedAt: pricedAt ?? payment.passPrice,
            onSale: false,
            robloxUserId,
          },
          now,
        );
        if (!gamePassId) await payments.stopPassSync(orderId);
        return true;
      }
      if (!robloxUserId) {
        const user = await client.findUserByName(order.robloxUsername);
        if (!user) {
          await payments.stopPassSync(orderId);
          await escalate(orderId, `Roblox knows no user named ${order.robloxUsername}.`);
          return false;
        }
        robloxUserId = user.id;
      }
      const wasMissing = !gamePassId;
      if (!gamePassId) {
        const name = gamePassName(orderId);
        const existing = (await client.listGamePasses()).find((pass) => pass.name === name);
        const pass =
          existing ??
          (await client.createGamePass({
            name,
            description: gamePassDescription(orderId),
            price: payment.passPrice,
          }));
        gamePassId = String(pass.gamePassId);
        pricedAt = pass.priceInformation?.defaultPriceInRobux ?? null;
        onSale = pass.isForSale;
      }
      if (pricedAt !== payment.passPrice || !onSale) {
        await client.updateGamePass(gamePassId, { price: payment.passPrice, isForSale: true });
        pricedAt = payment.passPrice;
        onSale = true;
      }
      const saved = await payments.recordPassSynced(
        orderId,
        { gamePassId, pricedAt, onSale, robloxUserId },
        now,
      );
      // The customer sees the link as soon as the pass exists.
      const current = wasMissing && saved ? await orders.findOrder(orderId) : null;
      if (current && saved) {
        const card = await cards.findCardPayment(orderId);
        await db.transaction(async (tx) => {
          for (const message of paymentEmbedEdit(current, saved, card, config)) {
            await queueOrderMessage(tx, orderId, message);
          }
        });
      }
      return true;
    } catch (error) {
      const failure = failed(error);
      const failures = await payments.recordPassSyncFailed(
        orderId,
        new Date(
          now.getTime() + (failure.retryAfterMs ?? retryDelayMs(payment.passSyncFailures + 1)),
        ),
      );
      log.warn({ orderId, err: failure.message }, 'payments: the game pass could not be synced');
      if (failure.failure === 'key_refused' || failures >= FAILURES_BEFORE_ESCALATION) {
        await escalate(
          orderId,
          failure.failure === 'key_refused'
            ? 'Roblox refused Lunar’s Open Cloud key, so the bot could not make the order’s game pass.'
            : 'Roblox did not answer when the bot tried to make the order’s game pass.',
        );
      }
      return false;
    }
  }

  /** Passes due for making, re-pricing or going off sale. */
  async function syncDuePasses(): Promise<number> {
    let synced = 0;
    for (const orderId of await payments.listPassSyncDue(clock(), PASSES_PER_RUN)) {
      if (await syncPass(orderId)) synced += 1;
    }
    return synced;
  }

  return { syncPass, syncDuePasses };
}
