import { gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hasRole } from '../../../core/auth/roles';
import { KeysetIdSchema } from '../../../core/shared/page';
import { createOutboxRepository, type OutboxRow } from '../../../db/repositories/outbox';
import { applications, orders, outbox } from '../../../db/schema';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

// The dashboard's Overview: counts from the tables the bot and the site write, and the
// outbox's deliveries that wait or failed, with a retry for leads.

const WEEKS = 12;
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

  app.get('/overview', async (request) => {
    const { staff } = await getSignedInStaff(request);
    const since = sql`date_trunc('week', now()) - ${WEEKS - 1} * interval '1 week'`;
    const week = sql<string>`to_char(date_trunc('week', ${applications.submittedAt}), 'YYYY-MM-DD')`;
    // Applications are for leads and executives (their section); others see orders only.
    const seesApplications = hasRole(staff, 'lead');
    const [byStatus, byWeek, orderStatuses, outboxCounts, waiting, failed] = await Promise.all([
      seesApplications
        ? app.db
            .select({ status: applications.status, count: sql<number>`count(*)::int` })
            .from(applications)
            .groupBy(applications.status)
        : null,
      seesApplications
        ? app.db
            .select({ week, count: sql<number>`count(*)::int` })
            .from(applications)
            .where(gte(applications.submittedAt, since))
            .groupBy(week)
            .orderBy(week)
        : null,
      app.db
        .select({ status: orders.status, count: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status),
      deliveries.countByStatus(),
      deliveries.listWaiting(20),
      deliveries.listFailed(20),
    ]);
    return {
      applications: byStatus && {
        byStatus: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.count)])),
        byWeek: (byWeek ?? []).map((row) => ({ week: row.week, count: Number(row.count) })),
      },
      orders: {
        byStatus: Object.fromEntries(orderStatuses.map((row) => [row.status, Number(row.count)])),
      },
      outbox: {
        counts: outboxCounts,
        waiting: waiting.map(outboxItem),
        failed: failed.map(outboxItem),
      },
    };
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
