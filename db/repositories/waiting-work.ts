import { and, count, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { WaitingCounts } from '../../core/staff/waiting-work';
import type { WorkScope } from '../../core/staff/work-scope';
import { LIVE_TICKET_STATUSES } from '../../core/tickets/replies';
import type { Executor } from '../client';
import { contactMessages, orders, payoutOrders, statusCounts, tickets } from '../schema';
import { ticketScopeCondition } from './work-scope';

// The Overview's "Waiting for you" counts (core/staff/waiting-work.ts). Each is one small
// query on an index (tickets_status_idx, tickets_claimant_idx, status_counts' few rows) or a
// table that stays small (open contact messages, unpaid logged orders); only the counts the
// member's roles call for are run.

type Wanted = Record<keyof WaitingCounts, boolean>;

export function createWaitingWorkRepository(db: Executor) {
  async function statusTotal(table: 'applications' | 'orders', status: string) {
    const [row] = await db
      .select({ total: statusCounts.total })
      .from(statusCounts)
      .where(and(eq(statusCounts.tableName, table), eq(statusCounts.status, status)));
    return Number(row?.total ?? 0);
  }

  async function unclaimedTickets() {
    const [row] = await db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.status, 'open'), isNull(tickets.claimantDiscordId)));
    return row?.n ?? 0;
  }

  /**
   * Live tickets the member sees whose customer wrote last: the same rows as the Tickets list
   * with `status=<live>&reply=customer` in the same scope, which the Overview links to.
   */
  async function ticketsWaitingForReply(scope: WorkScope) {
    const [row] = await db
      .select({ n: count() })
      .from(tickets)
      .where(
        and(
          inArray(tickets.status, [...LIVE_TICKET_STATUSES]),
          eq(tickets.lastMessageBy, 'customer'),
          ticketScopeCondition(scope),
        ),
      );
    return row?.n ?? 0;
  }

  async function ticketsClaimedBy(discordId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(tickets)
      .where(
        and(
          eq(tickets.claimantDiscordId, discordId),
          inArray(tickets.status, ['claimed', 'awaiting_customer']),
        ),
      );
    return row?.n ?? 0;
  }

  async function openMessages() {
    const [row] = await db
      .select({ n: count() })
      .from(contactMessages)
      .where(isNull(contactMessages.handledAt));
    return row?.n ?? 0;
  }

  /** Logged shares no payout covers yet: everyone's, or `designer`'s. */
  async function unpaidShares(designer: string | undefined) {
    const [row] = await db
      .select({
        robux: sql<number>`coalesce(sum(${orders.designerShareRobux}), 0)::bigint`,
        designers: sql<number>`count(distinct ${orders.designerDiscordId})::int`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(
        and(
          isNotNull(orders.loggedAt),
          isNotNull(orders.designerShareRobux),
          designer ? eq(orders.designerDiscordId, designer) : undefined,
          notExists(
            db
              .select({ one: sql`1` })
              .from(payoutOrders)
              .where(eq(payoutOrders.orderId, orders.id)),
          ),
        ),
      );
    return {
      robux: Number(row?.robux ?? 0),
      designers: Number(row?.designers ?? 0),
      orders: Number(row?.orders ?? 0),
    };
  }

  return {
    /**
     * The counts `wanted` names, for `discordId` in their work `scope`; `studioPayouts` counts
     * every designer's unpaid shares (executives), else the member's own.
     */
    async count(
      wanted: Wanted,
      {
        discordId,
        scope,
        studioPayouts,
      }: { discordId: string; scope: WorkScope; studioPayouts: boolean },
    ): Promise<WaitingCounts> {
      const when = <T>(yes: boolean, run: () => Promise<T>) => (yes ? run() : null);
      const [unclaimed, waiting, mine, applications, payments, messages, payouts] =
        await Promise.all([
          when(wanted.unclaimedTickets, unclaimedTickets),
          when(wanted.waitingForReply, () => ticketsWaitingForReply(scope)),
          when(wanted.myTickets, () => ticketsClaimedBy(discordId)),
          when(wanted.applicationsToDecide, () => statusTotal('applications', 'pending')),
          when(wanted.paymentsToVerify, () => statusTotal('orders', 'awaiting_payment')),
          when(wanted.messagesToAnswer, openMessages),
          when(wanted.payoutsOwed, () => unpaidShares(studioPayouts ? undefined : discordId)),
        ]);
      return {
        unclaimedTickets: unclaimed,
        waitingForReply: waiting,
        myTickets: mine,
        applicationsToDecide: applications,
        paymentsToVerify: payments,
        messagesToAnswer: messages,
        payoutsOwed: payouts,
      };
    },
  };
}
