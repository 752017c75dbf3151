import { inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { tickets } from '../schema';

// Names for facet values the dashboard cannot know by itself (core/shared/list-page.ts
// FacetCount.label): a service key is named as its tickets name it. People are named by
// people.nameOf.

/** Each service key's label, from the newest ticket's wording; keys without a ticket left out. */
export async function serviceLabels(
  db: Executor,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: tickets.serviceKey, label: max(tickets.serviceLabel) })
    .from(tickets)
    .where(inArray(tickets.serviceKey, [...keys]))
    .groupBy(tickets.serviceKey)
    .orderBy(sql`1`);
  return new Map(rows.flatMap((row) => (row.label ? [[row.key, row.label] as const] : [])));
}
