import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { WorkScope } from '../../core/staff/work-scope';
import { orders, tickets } from '../schema';

// core/staff/work-scope.ts's rule as WHERE conditions, for the lists and details that read
// tickets and orders: each condition matches exactly the rows seesTicket / seesOrder accept
// (the role matrix in test/server/staff-work-scope.test.ts checks both, through the API).

const NOTHING = sql`false`;

/** Tickets the scope sees; undefined when it sees all. */
export function ticketScopeCondition(scope: WorkScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return NOTHING;
  return or(
    eq(tickets.claimantDiscordId, scope.discordId),
    and(isNull(tickets.claimantDiscordId), ne(tickets.status, 'closed')),
  );
}

/** Orders the scope sees; undefined when it sees all. */
export function orderScopeCondition(scope: WorkScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return NOTHING;
  return eq(orders.designerDiscordId, scope.discordId);
}
