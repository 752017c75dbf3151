import { z } from 'zod';
import { addDays, DaySchema, toDay } from '../shared/day';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';
import { SnowflakeSchema } from './options';

// Payouts (DESIGN.md: executives pay designers): per designer and week or month, the shares
// the order log stored when each order was logged (core/orders/share.ts), summed, never
// recomputed. Periods are UTC; a week starts on Monday (ISO, like Postgres date_trunc).

export const PAYOUT_PERIODS = ['week', 'month'] as const;
export const PayoutPeriodSchema = z.enum(PAYOUT_PERIODS, { error: 'Period must be week or month' });
export type PayoutPeriod = z.infer<typeof PayoutPeriodSchema>;

/** The first day of the period `day` falls in. */
export function periodStartOf(period: PayoutPeriod, day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/** The first day after the period starting on `start`. */
export function periodEndOf(period: PayoutPeriod, start: string): string {
  if (period === 'week') return addDays(start, 7);
  const at = new Date(`${start}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1);
  return toDay(at);
}

/** How many periods one answer may span: a few years of months, two years of weeks. */
const PAYOUT_MAX_PERIODS = 104;

export const PayoutQuerySchema = z
  .object({
    period: PayoutPeriodSchema.default('week'),
    /** First day of the range; defaults to twelve periods back. */
    from: DaySchema.optional(),
    /** Last day of the range (included); defaults to today. */
    to: DaySchema.optional(),
    designer: SnowflakeSchema.optional(),
  })
  .transform((query, ctx) => {
    const to = query.to ?? toDay(new Date());
    const lastStart = periodStartOf(query.period, to);
    let from = periodStartOf(query.period, query.from ?? lastStart);
    if (!query.from) for (let i = 0; i < 11; i++) from = previousStart(query.period, from);
    let periods = 1;
    for (let start = from; start < lastStart; start = periodEndOf(query.period, start)) periods++;
    if (from > to) {
      ctx.issues.push({
        code: 'custom',
        message: 'From must be before to',
        path: ['from'],
        input: from,
      });
      return z.NEVER;
    }
    if (periods > PAYOUT_MAX_PERIODS) {
      const message = `At most ${PAYOUT_MAX_PERIODS} periods at once`;
      ctx.issues.push({ code: 'custom', message, path: ['from'], input: from });
      return z.NEVER;
    }
    return {
      period: query.period,
      from,
      until: periodEndOf(query.period, lastStart),
      designer: query.designer,
    };
  });
export type PayoutQuery = z.output<typeof PayoutQuerySchema>;

function previousStart(period: PayoutPeriod, start: string): string {
  return periodStartOf(period, addDays(start, -1));
}

export const MarkPaidSchema = z
  .object({
    designerDiscordId: SnowflakeSchema,
    period: PayoutPeriodSchema,
    periodStart: DaySchema,
    /** What the executive saw owed; a different amount (new orders logged since) is a 409. */
    expectedAmountRobux: z.number().int().positive().optional(),
  })
  .refine((input) => periodStartOf(input.period, input.periodStart) === input.periodStart, {
    error: 'Period start must be the first day of the week (Monday) or month',
    path: ['periodStart'],
  });
export type MarkPaidInput = z.output<typeof MarkPaidSchema>;

export type PayoutRecord = {
  id: number;
  amountRobux: number;
  paidAt: Date;
  paidByName: string;
};

/** One designer's period: what the logged orders earned, what was paid out, what is still owed. */
/** Sortable columns of the Payouts list. */
export const PAYOUT_SORTS = ['period', 'designer', 'orders', 'owed', 'paid', 'unpaid'] as const;

/** A line's state: nothing paid yet, part of it, or all of it. */
export const PAYOUT_STATUSES = ['unpaid', 'part_paid', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export function payoutStatusOf(line: { paidRobux: number; unpaidRobux: number }): PayoutStatus {
  if (line.unpaidRobux <= 0) return 'paid';
  return line.paidRobux > 0 ? 'part_paid' : 'unpaid';
}

/**
 * `GET /api/staff/payouts` (core/shared/list-page.ts): a line per designer and period, in the
 * range `PayoutQuerySchema` makes of period/from/to; `q` finds a designer by name or id (the
 * name's start, any case); facets `status` and `designer`.
 */
export const PayoutListQuerySchema = ListQuerySchema(
  z.enum(PAYOUT_SORTS, { error: `Sort must be one of ${PAYOUT_SORTS.join(', ')}` }),
  'period',
).extend({
  period: PayoutPeriodSchema.default('week'),
  status: FacetParamSchema(
    z.enum(PAYOUT_STATUSES, { error: `Status must be one of ${PAYOUT_STATUSES.join(', ')}` }),
  ).optional(),
  designer: FacetParamSchema(
    z.string().regex(/^\d{17,20}$/, { error: 'Designer must be a Discord id' }),
  ).optional(),
});
export type PayoutListQuery = z.output<typeof PayoutListQuerySchema>;

export type PayoutLine = {
  designerDiscordId: string;
  /** The designer's staff username when they have signed in once. */
  designerName: string | null;
  period: PayoutPeriod;
  periodStart: string;
  periodEnd: string;
  orders: number;
  owedRobux: number;
  paidRobux: number;
  unpaidRobux: number;
  payouts: PayoutRecord[];
};
