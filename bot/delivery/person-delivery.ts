import type { DecisionDmFailure } from '../../core/applications/decision-dm';
import { deliveryNonce } from '../../core/discord/delivery-nonce';
import type { createOrdersRepository } from '../../db/repositories/orders';
import type { createOutboxRepository, OutboxRow } from '../../db/repositories/outbox';
import type { Log } from '../log';
import type { RenderedDelivery } from './render';
import type { DeliveryTarget } from './routing';
import { CANNOT_DM_CODES, DeliveryError, type DiscordSender, MISSING_ACCESS } from './sender';

/** Discord says this user cannot get a DM from the bot (DMs closed, left the server). */
function cannotBeMessaged(error: unknown): boolean {
  return (
    error instanceof DeliveryError && error.code !== undefined && CANNOT_DM_CODES.has(error.code)
  );
}

/**
 * The outbox worker's deliveries to a person rather than a channel: a DM, with somewhere to
 * fall back to when Discord will not deliver it. Split from worker.ts, which claims, retries
 * and paces the rows; these only decide where one rendered message goes.
 */
export function createPersonDelivery({
  sender,
  outbox,
  orders,
  log,
  guildId,
}: {
  sender: DiscordSender;
  outbox: ReturnType<typeof createOutboxRepository>;
  orders: Pick<ReturnType<typeof createOrdersRepository>, 'recordDeliveryFellBack'>;
  log: Log;
  /** The studio's guild, where an applicant is looked up by the username they typed. */
  guildId: string | undefined;
}) {
  /** The message itself, by DM, marked delivered; throws what Discord refused. */
  async function dm(userId: string, row: OutboxRow, rendered: RenderedDelivery, install: string) {
    const channelId = await sender.openDm(userId);
    const sent = await sender.send({
      channelId,
      payload: rendered.payload,
      files: rendered.files,
      nonce: deliveryNonce(install, row.id),
    });
    await outbox.markDelivered(row.id, sent);
  }

  /**
   * A DM to a customer; when Discord says the user cannot be messaged (DMs closed, left the
   * server), the fallback goes to the ticket channel instead, with its own nonce, and the
   * order's timeline records it.
   */
  async function customer(
    row: OutboxRow,
    rendered: RenderedDelivery,
    target: Extract<DeliveryTarget, { kind: 'dm' }>,
    install: string,
  ): Promise<void> {
    try {
      return await dm(target.userId, row, rendered, install);
    } catch (error) {
      if (!cannotBeMessaged(error)) throw error;
    }
    if (!rendered.fallback) {
      // A DM with nowhere else to go (a receipt: the ticket already knows). Trying again
      // would only meet the same closed DMs.
      log.info(
        { outboxId: row.id, orderMessageId: row.refId, userId: target.userId },
        'DM not sent: the customer cannot be messaged (DMs closed)',
      );
      return outbox.markFailed(row.id, 'not sent: the customer’s DMs are closed');
    }
    const sent = await sender.send({
      channelId: target.fallbackChannelId,
      payload: rendered.fallback,
      files: [],
      nonce: deliveryNonce(install, `${row.id}f`),
    });
    await outbox.markDelivered(row.id, sent);
    await orders
      .recordDeliveryFellBack(row.refId)
      .catch((error: unknown) =>
        log.warn({ err: error, outboxId: row.id }, 'recording the delivery fallback failed'),
      );
  }

  /**
   * The decision, to the applicant found in the studio's guild by the username they gave. When
   * no member matches or their DMs are closed, the reviewer gets a note under the application's
   * message instead (its own nonce), so someone tells the applicant.
   */
  async function applicant(
    row: OutboxRow,
    rendered: RenderedDelivery,
    target: Extract<DeliveryTarget, { kind: 'applicant' }>,
    noteChannelId: string,
    install: string,
  ): Promise<void> {
    if (!guildId)
      throw new DeliveryError('no DISCORD_GUILD_ID to find the applicant in', 'transient');
    let failure: DecisionDmFailure = 'not-found';
    const userId = await sender.findMember(guildId, target.typed).catch((error: unknown) => {
      // 403 Missing Access on the search: the portal's Server Members Intent is off. Retrying
      // will not help until staff turn it on, so the reviewer is told now.
      if (!(error instanceof DeliveryError) || error.code !== MISSING_ACCESS) throw error;
      failure = 'lookup-refused';
      return null;
    });
    if (userId) {
      try {
        return await dm(userId, row, rendered, install);
      } catch (error) {
        if (!cannotBeMessaged(error)) throw error;
        failure = 'dms-closed';
      }
    }
    if (!rendered.undelivered) throw new Error(`${row.kind} ${row.refId} has no reviewer note`);
    log.info(
      { outboxId: row.id, applicationId: row.refId, reason: failure },
      'application decision not sent to the applicant; the reviewer is told',
    );
    const sent = await sender.send({
      channelId: noteChannelId,
      payload: rendered.undelivered(failure),
      files: [],
      nonce: deliveryNonce(install, `${row.id}n`),
    });
    await outbox.markDelivered(row.id, sent);
  }

  return { customer, applicant };
}
