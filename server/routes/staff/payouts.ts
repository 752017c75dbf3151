import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  MarkPaidSchema,
  type PayoutLine,
  type PayoutListQuery,
  PayoutListQuerySchema,
  PayoutQuerySchema,
  payoutStatusOf,
} from '../../../core/orders/payouts';
import { csvLine } from '../../../core/shared/csv';
import { labelFacet, listPageOf } from '../../../core/shared/list-page';
import { workScopeOf } from '../../../core/staff/work-scope';
import { createPayoutsRepository, type PayoutCsvRow } from '../../../db/repositories/payouts';
import { createPeopleRepository } from '../../../db/repositories/people';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

const CSV_HEADER = [
  'period_start',
  'designer_discord_id',
  'designer',
  'order_id',
  'logged_at',
  'price_robux',
  'qc_passed',
  'share_percent',
  'share_robux',
  'payout_id',
  'paid_out_at',
] as const;

const csvLineOf = (row: PayoutCsvRow) =>
  csvLine([
    row.periodStart,
    row.designerDiscordId,
    row.designerName,
    row.orderId,
    row.loggedAt,
    row.priceRobux,
    row.qcPassed,
    row.sharePercent,
    row.shareRobux,
    row.payoutId,
    row.paidAt,
  ]);

const comparePayouts: Record<PayoutListQuery['sort'], (a: PayoutLine, b: PayoutLine) => number> = {
  period: () => 0,
  designer: (a, b) =>
    (a.designerName ?? a.designerDiscordId).localeCompare(
      b.designerName ?? b.designerDiscordId,
      'en',
      { sensitivity: 'base' },
    ),
  orders: (a, b) => a.orders - b.orders,
  owed: (a, b) => a.owedRobux - b.owedRobux,
  paid: (a, b) => a.paidRobux - b.paidRobux,
  unpaid: (a, b) => a.unpaidRobux - b.unpaidRobux,
};

/**
 * What the studio owes designers per week or month, from the shares the order log stored.
 * Designers see their own; leads and executives everyone's; only executives mark paid.
 */
const payoutRoutes: FastifyPluginAsync = async (app) => {
  const payouts = createPayoutsRepository(app.db);
  const people = createPeopleRepository(app.db);
  const designers = { onRequest: requireRole('designer') };

  /**
   * The list's query and the range it covers, for the list and its export alike. A designer's
   * lines are their own, whatever the query names.
   */
  async function readQuery(request: Parameters<typeof getSignedInStaff>[0]) {
    const { staff } = await getSignedInStaff(request);
    const query = parseWith(PayoutListQuerySchema, request.query);
    const range = parseWith(PayoutQuerySchema, {
      period: query.period,
      from: query.from,
      to: query.to,
    });
    const own = workScopeOf(staff).kind === 'all' ? undefined : staff.discordId;
    if (own && query.designer?.some((designer) => designer !== own)) {
      throw new HttpError(403, 'Designers see their own payouts only.');
    }
    return { query, range: { ...range, designer: own } };
  }

  /** `q` finds a designer by id, or by name (its start, any case; their Discord names too). */
  async function searchOf(q: string | undefined) {
    if (q === undefined) return undefined;
    const named = new Set(await people.idsNamedLike(q));
    const lower = q.toLowerCase();
    return (line: PayoutLine) =>
      line.designerDiscordId === q ||
      named.has(line.designerDiscordId) ||
      Boolean(line.designerName?.toLowerCase().startsWith(lower));
  }

  app.get('/payouts', designers, async (request) => {
    const { query, range } = await readQuery(request);
    const lines = await payouts.list(range);
    const answer = listPageOf(lines, {
      facets: {
        status: { valueOf: payoutStatusOf, chosen: query.status },
        designer: { valueOf: (line) => line.designerDiscordId, chosen: query.designer },
      },
      matches: await searchOf(query.q),
      // Newest period first by default; within one, designers by id.
      compare: (a, b) =>
        comparePayouts[query.sort](a, b) || a.periodStart.localeCompare(b.periodStart),
      tieBreak: (a, b) => a.designerDiscordId.localeCompare(b.designerDiscordId),
      order: query.order,
      page: query.page,
      size: query.size,
    });
    // The designer facet by name, as the table's popover shows it.
    const names = new Map(lines.map((line) => [line.designerDiscordId, line.designerName]));
    return {
      ...answer,
      facets: {
        ...answer.facets,
        designer: labelFacet(answer.facets.designer, (id) => names.get(id)),
      },
    };
  });

  // The export of what the list shows: the orders behind the lines the same filters keep.
  // Streamed in batches: memory stays flat however many orders the range holds.
  app.get('/payouts.csv', designers, async (request, reply) => {
    const { query, range } = await readQuery(request);
    const matches = await searchOf(query.q);
    const shown = new Set(
      (await payouts.list(range))
        .filter(
          (line) =>
            (!query.status || query.status.includes(payoutStatusOf(line))) &&
            (!query.designer || query.designer.includes(line.designerDiscordId)) &&
            (!matches || matches(line)),
        )
        .map((line) => `${line.periodStart} ${line.designerDiscordId}`),
    );
    async function* lines() {
      yield csvLine(CSV_HEADER);
      for await (const row of payouts.csvRows(range)) {
        if (shown.has(`${row.periodStart} ${row.designerDiscordId}`)) yield csvLineOf(row);
      }
    }
    const name = `payouts-${range.period}-${range.from}-to-${range.until}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(lines()));
  });

  app.post(
    '/payouts/mark-paid',
    { onRequest: requireRole('executive') },
    async (request, reply) => {
      const { staff } = await getSignedInStaff(request);
      const input = parseWith(MarkPaidSchema, request.body);
      const result = await payouts.markPaid(input, { staffId: staff.id, name: staff.username });
      if (result.status === 'amount_changed') {
        throw new HttpError(
          409,
          `More orders were logged meanwhile: ${result.unpaidRobux} R$ is owed now. Reload and check before paying.`,
        );
      }
      return reply.status(result.status === 'paid' ? 201 : 200).send(result);
    },
  );
};

export default payoutRoutes;
