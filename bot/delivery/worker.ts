import { type Config, publicUrl } from '../../core/config';
import { deliveryNonce } from '../../core/discord/delivery-nonce';
import type { Database } from '../../db/client';
import { openImageStores } from '../../db/image-stores';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createOutboxRepository, type OutboxRow } from '../../db/repositories/outbox';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import type { Log } from '../log';
import { createTicketJobs, TICKET_JOB_KINDS } from '../tickets/jobs';
import type { TicketDiscord } from '../tickets/ticket-discord';
import { computeRetryDelay } from './backoff';
import { countDeliveryFailure } from './metrics';
import { createPersonDelivery } from './person-delivery';
import { createDeliveryRenderer } from './render';
import { routeDelivery } from './routing';
import { DeliveryError, type DiscordSender } from './sender';
import { startWorkerLiveness } from './worker-liveness';

export interface OutboxWorkerOptions {
  pollMs: number;
  batchSize: number;
  /** Rows sent at once; discord.js still queues sends to one channel behind each other. */
  concurrency: number;
  /** Longer than any send takes, so a live worker's rows are never claimed twice. */
  leaseMs: number;
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a row waits for a channel to be configured before looking again. */
  unroutedDelayMs: number;
  /** While Discord refuses the token (401), how often to ask whether it is accepted again. */
  authProbeMs: number;
  /** How long a closed ticket's channel stays after its closing notice. */
  ticketDeleteDelayMs: number;
  /** How long a ticket may take to open before it fails and the customer is told. */
  ticketOpenDeadlineMs: number;
  /** How often the worker records that it is alive (`worker_processes`). */
  heartbeatMs: number;
  /** A worker silent this long is dead: its leases are released (well within `leaseMs`). */
  workerStaleMs: number;
}

const DEFAULT_WORKER_OPTIONS: OutboxWorkerOptions = {
  pollMs: 1000,
  batchSize: 10,
  concurrency: 4,
  leaseMs: 2 * 60_000,
  // 2 s doubling to a 15 min cap: twelve tries span about an hour of Discord trouble.
  maxAttempts: 12,
  baseDelayMs: 2000,
  maxDelayMs: 15 * 60_000,
  unroutedDelayMs: 60_000,
  authProbeMs: 30_000,
  ticketDeleteDelayMs: 10_000,
  // Longer than Discord's usual trouble (and the creation limit's queue), short enough that
  // a customer is not left waiting all day.
  ticketOpenDeadlineMs: 60 * 60_000,
  heartbeatMs: 5000,
  workerStaleMs: 30_000,
};

export interface OutboxWorker {
  /** Looks for due rows now instead of at the next poll. */
  wake(): void;
  /** Finishes the sends in flight, gives unsent claimed rows back, and stops. */
  close(): Promise<void>;
}

export function startOutboxWorker(
  deps: {
    db: Database;
    sender: DiscordSender;
    config: Config;
    log: Log;
    /** The ticket jobs' REST calls; made from the config's token when not given. */
    ticketDiscord?: TicketDiscord;
  },
  overrides: Partial<OutboxWorkerOptions> = {},
): OutboxWorker {
  const options = { ...DEFAULT_WORKER_OPTIONS, ...overrides };
  const { sender, config, log } = deps;
  const outbox = createOutboxRepository(deps.db);
  const liveness = startWorkerLiveness(deps, {
    heartbeatMs: options.heartbeatMs,
    staleMs: options.workerStaleMs,
  });
  // The images the web role stored: the bucket, or DATA_DIR (a worker elsewhere shares it).
  const images = openImageStores(config);
  const renderer = createDeliveryRenderer(deps.db, images.applications, {
    siteUrl: publicUrl(config),
  });
  const systemState = createSystemStateRepository(deps.db);
  const toPerson = createPersonDelivery({
    sender,
    outbox,
    orders: createOrdersRepository(deps.db),
    log,
    guildId: config.discord.connection?.guildId,
  });
  let installId: string | null = null;
  const ticketJobs = createTicketJobs({
    db: deps.db,
    config,
    sender,
    log,
    discord: deps.ticketDiscord,
    installId: async () => {
      installId ??= await systemState.installId();
      return installId;
    },
    deleteDelayMs: options.ticketDeleteDelayMs,
    waitMs: options.unroutedDelayMs,
    openDeadlineMs: options.ticketOpenDeadlineMs,
  });
  // Set by a 401: no row is claimed until Discord accepts the token again.
  let unauthorizedSince: Date | null = null;
  const warnedMissing = new Set<string>();
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  // A wake-up that arrives mid-batch is kept for the next pause instead of being lost.
  let wokenEarly = false;

  async function deliver(row: OutboxRow): Promise<void> {
    if (stopping) return outbox.release(row.id);
    if (row.kind === 'application_decision_edit') return deliverDecisionEdit(row);
    if (TICKET_JOB_KINDS.has(row.kind)) return deliverTicketJob(row);
    let channelId: string | undefined;
    try {
      const rendered = await renderer.render(row);
      if (!rendered) return outbox.markFailed(row.id, `${row.kind} ${row.refId} no longer exists`);
      const route = routeDelivery(config.discord.channels, rendered.target);
      if ('missing' in route) {
        // Not the message's fault: wait for the setting without using up attempts.
        if (!warnedMissing.has(route.missing)) {
          warnedMissing.add(route.missing);
          log.warn(`Outbox deliveries wait: set ${route.missing} to the channel to post in.`);
        }
        const error = `waiting for ${route.missing}`;
        return outbox.markRetry(row.id, { error, delayMs: options.unroutedDelayMs, refund: true });
      }
      channelId = route.channelId;
      installId ??= await systemState.installId();
      const nonce = deliveryNonce(installId, row.id);
      if (rendered.target.kind === 'dm') {
        return await toPerson.customer(row, rendered, rendered.target, installId);
      }
      if (rendered.target.kind === 'applicant') {
        return await toPerson.applicant(row, rendered, rendered.target, channelId, installId);
      }
      if (rendered.editMessageId) {
        const to = { channelId, messageId: rendered.editMessageId };
        await sender.edit({ ...to, payload: rendered.payload });
        return await outbox.markDelivered(row.id, to);
      }
      const sent = await sender.send({
        channelId,
        payload: rendered.payload,
        files: rendered.files,
        nonce,
      });
      await outbox.markDelivered(row.id, sent);
    } catch (error) {
      await recordFailure(row, error, channelId);
    }
  }

  /**
   * A decision (from the dashboard or the message's own buttons), shown on the application's
   * posted message. Waits for the post: one in flight may have been rendered before the
   * decision, so only an edit after it is sure to show it.
   */
  async function deliverDecisionEdit(row: OutboxRow): Promise<void> {
    try {
      const post = await outbox.findByRef('application', row.refId);
      if (!post || post.status === 'failed') {
        return outbox.markFailed(row.id, 'the application message was never posted');
      }
      if (post.status !== 'delivered' || !post.discordChannelId || !post.discordMessageId) {
        const error = 'waiting for the application message to be posted';
        return outbox.markRetry(row.id, { error, delayMs: options.baseDelayMs, refund: true });
      }
      const payload = await renderer.renderPostedApplication(row.refId);
      if (!payload) return outbox.markFailed(row.id, `application ${row.refId} no longer exists`);
      const to = { channelId: post.discordChannelId, messageId: post.discordMessageId };
      await sender.edit({ ...to, payload });
      await outbox.markDelivered(row.id, to);
    } catch (error) {
      await recordFailure(row, error);
    }
  }

  /**
   * A ticket's channel made or archived, its intake updated (bot/tickets); done rows with
   * nothing left to do too.
   */
  async function deliverTicketJob(row: OutboxRow): Promise<void> {
    try {
      const done = await ticketJobs.run(row);
      await outbox.markDelivered(row.id, done ?? { channelId: '0', messageId: '0' });
    } catch (error) {
      await recordFailure(row, error);
    }
  }

  async function recordFailure(row: OutboxRow, error: unknown, channelId?: string) {
    const failure =
      error instanceof DeliveryError
        ? error
        : new DeliveryError(error instanceof Error ? error.message : String(error), 'transient');
    const context = {
      outboxId: row.id,
      kind: row.kind,
      refId: row.refId,
      channelId,
      attempts: row.attempts,
    };
    countDeliveryFailure(row.kind, failure.kind);
    if (failure.kind === 'rate-limited') {
      // Discord said when to come back; being paced is not a failed attempt.
      const delayMs = failure.retryAfterMs ?? options.baseDelayMs;
      log.debug({ ...context, delayMs }, 'outbox delivery rate limited');
      return outbox.markRetry(row.id, { error: failure.message, delayMs, refund: true });
    }
    if (failure.kind === 'unauthorized') {
      await pauseForToken(failure.message);
      return outbox.markRetry(row.id, { error: failure.message, delayMs: 0, refund: true });
    }
    if (failure.kind === 'permanent' || row.attempts >= options.maxAttempts) {
      log.error({ ...context, err: failure.message }, 'outbox delivery failed for good');
      // The ticket first: should this pass stop between the two, the row comes back and finds
      // the ticket failed (nothing left to do) rather than a ticket left opening for ever.
      if (row.kind === 'ticket_open') await ticketJobs.failOpening(row, failure.message);
      return outbox.markFailed(row.id, failure.message);
    }
    const delayMs = computeRetryDelay(row.attempts, options);
    log.warn({ ...context, delayMs, err: failure.message }, 'outbox delivery failed, will retry');
    return outbox.markRetry(row.id, { error: failure.message, delayMs });
  }

  async function pauseForToken(detail: string): Promise<void> {
    if (unauthorizedSince) return;
    unauthorizedSince = new Date();
    log.error(
      { err: detail },
      'Discord refused the bot token (401): it is invalid or was reset. Deliveries are paused, ' +
        'nothing queued is lost; set a valid DISCORD_TOKEN and they resume by themselves.',
    );
    await systemState
      .setDiscordAuth({ status: 'unauthorized', since: unauthorizedSince.toISOString() })
      .catch((error: unknown) => log.warn({ err: error }, 'recording the 401 failed'));
  }

  /** While paused: true once Discord accepts the token again (and the pause is lifted). */
  async function tokenAcceptedAgain(): Promise<boolean> {
    try {
      await sender.checkToken();
    } catch (error) {
      if (error instanceof DeliveryError && error.kind !== 'unauthorized') {
        log.debug({ err: error.message }, 'token check inconclusive, Discord unavailable');
      }
      return false;
    }
    log.info('Discord accepts the bot token again; deliveries resume.');
    unauthorizedSince = null;
    await systemState.setDiscordAuth({ status: 'ok' });
    return true;
  }

  async function deliverBatch(rows: OutboxRow[]): Promise<void> {
    const queue = [...rows];
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await deliver(row);
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, lane));
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wokenEarly) {
        wokenEarly = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function run(): Promise<void> {
    // A pause recorded by an earlier run (or another worker) is checked before sending again.
    const recorded = await systemState.discordAuth().catch(() => ({ status: 'ok' as const }));
    if (recorded.status === 'unauthorized') unauthorizedSince = new Date(recorded.since);
    // A crashed worker's rows (this one's before a restart) are taken up before the first claim.
    await liveness.started;
    while (!stopping) {
      if (unauthorizedSince) {
        await pause(options.authProbeMs);
        if (stopping || !(await tokenAcceptedAgain().catch(() => false))) continue;
      }
      let claimed = 0;
      try {
        const rows = await outbox.claimDue({
          limit: options.batchSize,
          leaseMs: options.leaseMs,
          by: liveness.id,
        });
        claimed = rows.length;
        await deliverBatch(rows);
      } catch (error) {
        // The database may be briefly away; leased rows come back when their lease ends.
        log.error({ err: error }, 'outbox worker pass failed');
      }
      // A full batch suggests more are due: go again at once.
      if (!stopping && claimed < options.batchSize) await pause(options.pollMs);
    }
  }

  const running = run();
  return {
    wake() {
      if (wakeUp) wakeUp();
      else wokenEarly = true;
    },
    async close() {
      stopping = true;
      wakeUp?.();
      await running;
      await liveness.close();
      images.close();
    },
  };
}
