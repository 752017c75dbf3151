import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hasRole } from '../../../core/auth/roles';
import {
  averageRating,
  type OverviewFigures,
  OverviewQuerySchema,
  overviewWeeks,
} from '../../../core/orders/overview';
import { addDays } from '../../../core/shared/day';
import { KeysetIdSchema } from '../../../core/shared/page';
import { createOutboxRepository, type OutboxRow } from '../../../db/repositories/outbox';
import { createOverviewRepository } from '../../../db/repositories/overview';
import { outbox } from '../../../db/schema';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

// The dashboard's Overview: counts and weekly figures (core/orders/overview.ts) from the tables
// the bot and the site write, and the outbox's deliveries that wait or failed, with a retry
// for leads. Who sees which figure: docs/decisions/026-overview-figures.md.

/** One row per week of `weeks`, oldest first: the week's row, or `empty` when it had none. */
function fillWeeks<T extends { week: string }>(
  weeks: readonly string[],
  rows: readonly T[],
  empty: Omit<T, 'week'>,
): T[] {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeks.map((week) => byWeek.get(week) ?? ({ week, ...empty } as T));
}
const IdParams = z.object({
  id: z.coerce.number({ error: 'Not a delivery id' }).pipe(KeysetIdSchema),
});

const outboxItem = (row: OutboxRow) => ({
  id: row.id,
  kind: row.kind,
  refId: row.refId,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt,
  createdAt: row.createdAt,
});

const overviewRoutes: FastifyPluginAsync = async (app) => {
  const deliveries = createOutboxRepository(app.db);
  const figures = createOverviewRepository(app.db);

  app.get('/overview', async (request) => {
    const { staff } = await getSignedInStaff(request);
    const { to } = parseWith(OverviewQuerySchema, request.query);
    const weeks = overviewWeeks(to);
    const range = { from: weeks[0] as string, until: addDays(weeks.at(-1) as string, 7) };
    // Applications are for leads and executives (their section). The order log's money
    // follows the Orders and Payouts sections: leads and executives see the studio's,
    // designers their own orders', other staff none. Reviews are every staff member's section.
    const seesApplications = hasRole(staff, 'lead');
    const orderScope = hasRole(staff, 'lead')
      ? 'studio'
      : hasRole(staff, 'designer')
        ? 'own'
        : null;
    const [byStatus, byWeek, orderStatuses, orderLog, reviewWeeks, outboxCounts, waiting, failed] =
      await Promise.all([
        seesApplications ? figures.applicationsByStatus() : null,
        seesApplications ? figures.applicationsByWeek(range) : null,
        figures.ordersByStatus(),
        orderScope
          ? figures.orderLogByWeek(range, orderScope === 'own' ? staff.discordId : undefined)
          : null,
        figures.reviewsByWeek(range),
        deliveries.countByStatus(),
        deliveries.listWaiting(20),
        deliveries.listFailed(20),
      ]);
    const reviewsByWeek = fillWeeks(weeks, reviewWeeks, { reviews: 0, ratingSum: 0 });
    const body: OverviewFigures & { outbox: unknown } = {
      weeks,
      applications: byStatus && {
        byStatus,
        byWeek: fillWeeks(weeks, byWeek ?? [], { count: 0 }),
      },
      orders: {
        byStatus: orderStatuses,
      },
      orderLog:
        orderScope && orderLog
          ? {
              scope: orderScope,
              byWeek: fillWeeks(weeks, orderLog, {
                orders: 0,
                volumeRobux: 0,
                payoutsRobux: 0,
                qcFirstPass: 0,
                qcChangesRequested: 0,
              }),
            }
          : null,
      reviews: {
        byWeek: reviewsByWeek,
        count: reviewsByWeek.reduce((sum, week) => sum + week.reviews, 0),
        average: averageRating(reviewsByWeek),
      },
      outbox: {
        counts: outboxCounts,
        waiting: waiting.map(outboxItem),
        failed: failed.map(outboxItem),
      },
    };
    return body;
  });

  app.post('/outbox/:id/retry', { onRequest: requireRole('lead') }, async (request) => {
    const { id } = parseWith(IdParams, request.params);
    const row = await deliveries.retryFailed(id);
    if (row) return outboxItem(row);
    const [exists] = await app.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(sql`${outbox.id} = ${id}`);
    if (!exists) throw new HttpError(404, 'No delivery has this id.');
    throw new HttpError(409, `This delivery is ${exists.status}, not failed: nothing to retry.`);
  });
};

export default overviewRoutes;
