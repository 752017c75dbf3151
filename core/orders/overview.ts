import { z } from 'zod';
import { addDays, DaySchema, toDay } from '../shared/day';
import { periodStartOf } from './payouts';

// The dashboard Overview's weekly figures (`GET /api/staff/overview`), shared by the route and
// the page. Weeks are UTC and start on Monday, like payouts (core/orders/payouts.ts).

/** How many weeks the Overview's series span, the current one included. */
export const OVERVIEW_WEEKS = 12;

export const OverviewQuerySchema = z.object({
  /** A day in the last week shown; defaults to today (UTC). */
  to: DaySchema.optional(),
});

/** The Mondays of the `weeks` weeks ending with the one `day` falls in, oldest first. */
export function overviewWeeks(day: string = toDay(new Date()), weeks = OVERVIEW_WEEKS): string[] {
  const last = periodStartOf('week', day);
  return Array.from({ length: weeks }, (_, index) => addDays(last, 7 * (index - weeks + 1)));
}

/**
 * One week of the order log: orders that `/orderlog` logged that week. Volume and payouts are
 * the order's price (what the studio receives) and the designer's share as the log stored them
 * (90% with QC passed, 80% without), so volume − payouts is the studio's part of the same orders.
 */
export type OrderLogWeek = {
  week: string;
  orders: number;
  volumeRobux: number;
  payoutsRobux: number;
  /** Of those orders that had a QC decision: the first decision approved them … */
  qcFirstPass: number;
  /** … or asked for changes. */
  qcChangesRequested: number;
};

/** Reviews written that week (any order). */
export type ReviewWeek = { week: string; reviews: number; ratingSum: number };

export type OverviewFigures = {
  weeks: string[];
  applications: {
    byStatus: Record<string, number>;
    byWeek: { week: string; count: number }[];
  } | null;
  orders: { byStatus: Record<string, number> };
  /** Null for members who see no order money; `scope` says whose orders it covers. */
  orderLog: { scope: 'studio' | 'own'; byWeek: OrderLogWeek[] } | null;
  reviews: { byWeek: ReviewWeek[]; count: number; average: number | null };
};

/** First-time QC passes over all first QC decisions, as 0–1; null with no decision at all. */
export function qcPassRate(weeks: readonly OrderLogWeek[]): number | null {
  const passed = weeks.reduce((sum, week) => sum + week.qcFirstPass, 0);
  const decided = passed + weeks.reduce((sum, week) => sum + week.qcChangesRequested, 0);
  return decided === 0 ? null : passed / decided;
}

/** The mean rating of the weeks' reviews, to two decimals; null with no review. */
export function averageRating(weeks: readonly ReviewWeek[]): number | null {
  const count = weeks.reduce((sum, week) => sum + week.reviews, 0);
  if (count === 0) return null;
  const total = weeks.reduce((sum, week) => sum + week.ratingSum, 0);
  return Math.round((total / count) * 100) / 100;
}
