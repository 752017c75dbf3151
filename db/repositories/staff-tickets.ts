import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../core/orders/order-status';
import { type ListPage, labelFacet } from '../../core/shared/list-page';
import { seesOrder, type WorkScope } from '../../core/staff/work-scope';
import { ticketStaffActions } from '../../core/tickets/staff-actions';
import type {
  TicketDetail,
  TicketFigures,
  TicketListQuery,
  TicketSummary,
} from '../../core/tickets/staff-list';
import type { Actor, Ticket } from '../../core/tickets/ticket';
import { ticketNumberOf } from '../../core/tickets/ticket-status';
import { describeTimelineEntry } from '../../core/tickets/timeline';
import type { Executor } from '../client';
import { orders, ticketMessages, tickets } from '../schema';
import { serviceLabels } from './facet-labels';
import {
  dayStart,
  inDays,
  inWindow,
  type ListFacet,
  pageOfQuery,
  readListPage,
  toListPage,
} from './list-query';
import { createPeopleRepository } from './people';
import { createTicketTranscriptsRepository } from './ticket-transcripts';
import { createTicketsRepository } from './tickets';
import { ticketScopeCondition } from './work-scope';

// The dashboard's view of tickets (decision 047): one page at a time, newest first, with the
// page's filters; one ticket with its merged timeline and transcript; the Overview's figures.
// Changes go through the tickets repository (decision 046), never through here.

const weekOf = (column: SQL) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** `q` as a condition: see TicketListQuerySchema for what it finds. */
function searchCondition(text: string): SQL {
  const q = text.trim();
  const number = ticketNumberOf(q) ?? (/^\d{1,9}$/.test(q) ? Number(q) : null);
  const words = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`(${number !== null ? sql`${tickets.id} = ${number} or ` : sql``}${tickets.customerDiscordId} = ${q}
    or lower(${tickets.robloxUsername}) = ${q.toLowerCase()}
    or ${tickets.request} ilike ${words})`;
}

const SORT_COLUMN: Record<TicketListQuery['sort'], SQL> = {
  number: sql`${tickets.id}`,
  created: sql`${tickets.createdAt}`,
  activity: sql`${tickets.lastActivityAt}`,
  status: sql`${tickets.status}`,
  service: sql`${tickets.serviceKey}`,
};

/** The list's facets for `query` (core/tickets/staff-list.ts TICKET_FACETS). */
function ticketFacets(query: TicketListQuery): Record<string, ListFacet> {
  return {
    status: { value: sql`${tickets.status}::text`, chosen: query.status },
    service: { value: sql`${tickets.serviceKey}`, chosen: query.service },
    claimant: {
      value: sql`coalesce(${tickets.claimantDiscordId}, 'none')`,
      chosen: query.claimant,
      match: (chosen) => {
        const ids = chosen.filter((value) => value !== 'none');
        const none = chosen.includes('none') ? isNull(tickets.claimantDiscordId) : undefined;
        return or(ids.length ? inArray(tickets.claimantDiscordId, ids) : undefined, none);
      },
    },
    reply: { value: sql`coalesce(${tickets.lastMessageBy}, 'none')`, chosen: query.reply },
  };
}

type TicketRow = typeof tickets.$inferSelect;

const toTicket = ({ exclusive: _exclusive, ...row }: TicketRow): Ticket => row;

/** A row as the list shows it (without its names and actions). */
function summaryOf(ticket: TicketRow, orderStatus: OrderStatus | null) {
  return {
    number: ticket.id,
    name: ticket.orderId,
    status: ticket.status,
    source: ticket.source,
    serviceKey: ticket.serviceKey,
    serviceLabel: ticket.serviceLabel,
    customerDiscordId: ticket.customerDiscordId,
    robloxUsername: ticket.robloxUsername,
    claimantDiscordId: ticket.claimantDiscordId,
    orderStatus,
    createdAt: ticket.createdAt,
    closedAt: ticket.closedAt,
    lastActivityAt: ticket.lastActivityAt,
    reply: ticket.lastMessageBy ?? ('none' as const),
  };
}

export function createStaffTicketsRepository(db: Executor) {
  const people = createPeopleRepository(db);
  const ticketsRepository = createTicketsRepository(db);
  const transcripts = createTicketTranscriptsRepository(db);

  async function named<T extends { customerDiscordId: string; claimantDiscordId: string | null }>(
    rows: T[],
  ): Promise<(T & { customerName: string | null; claimantName: string | null })[]> {
    const names = await people.nameOf(
      rows.flatMap((r) => [r.customerDiscordId, r.claimantDiscordId]),
    );
    return rows.map((row) => ({
      ...row,
      customerName: names.get(row.customerDiscordId) ?? null,
      claimantName: row.claimantDiscordId ? (names.get(row.claimantDiscordId) ?? null) : null,
    }));
  }

  return {
    /** One page of the tickets `scope` sees, each with the actions `actor` may take on it. */
    async list(
      query: TicketListQuery,
      scope: WorkScope,
      actor: Actor,
    ): Promise<ListPage<TicketSummary>> {
      const read = await readListPage(
        db,
        {
          table: tickets,
          where: [
            ticketScopeCondition(scope),
            query.q ? searchCondition(query.q) : undefined,
            ...inDays(tickets.createdAt, query),
          ],
          facets: ticketFacets(query),
          ...pageOfQuery(query),
          sort: SORT_COLUMN[query.sort],
          id: sql`${tickets.id}`,
        },
        (window) =>
          inWindow(
            db
              .select({ ticket: tickets, orderStatus: orders.status })
              .from(tickets)
              .leftJoin(orders, eq(orders.id, tickets.orderId))
              .$dynamic(),
            window,
          ),
      );
      const { counts, rows } = read;
      const now = new Date();
      const [claimants, services] = await Promise.all([
        people.nameOf((counts.facets.claimant ?? []).map((count) => count.value)),
        serviceLabels(
          db,
          (counts.facets.service ?? []).map((count) => count.value),
        ),
      ]);
      return toListPage(
        read,
        await named(
          rows.map(({ ticket, orderStatus }) => ({
            ...summaryOf(ticket, orderStatus),
            actions: ticketStaffActions(toTicket(ticket), actor, now),
          })),
        ),
        query.size,
        {
          ...counts.facets,
          service: labelFacet(counts.facets.service, (key) => services.get(key)),
          claimant: labelFacet(counts.facets.claimant, (id) =>
            id === 'none' ? 'Unclaimed' : claimants.get(id),
          ),
        },
      );
    },

    /** Whether `scope` sees the ticket (false for an unknown one too). */
    async sees(number: number, scope: WorkScope): Promise<boolean> {
      const [row] = await db
        .select({ number: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, number), ticketScopeCondition(scope)));
      return Boolean(row);
    },

    /** Everyone who has claimed a ticket, named: the claimant filter's choices. */
    async claimants(): Promise<{ discordId: string; name: string }[]> {
      const rows = await db
        .selectDistinct({ discordId: sql<string>`${tickets.claimantDiscordId}` })
        .from(tickets)
        .where(sql`${tickets.claimantDiscordId} is not null`);
      const names = await people.nameOf(rows.map((row) => row.discordId));
      return rows
        .map((row) => ({
          discordId: row.discordId,
          name: names.get(row.discordId) ?? row.discordId,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    /** The ticket with its timeline (its events and its order's) and its transcript. */
    async detail(number: number, scope: WorkScope, actor: Actor): Promise<TicketDetail | null> {
      const [found] = await db
        .select({
          ticket: tickets,
          orderStatus: orders.status,
          orderDesigner: orders.designerDiscordId,
        })
        .from(tickets)
        .leftJoin(orders, eq(orders.id, tickets.orderId))
        .where(and(eq(tickets.id, number), ticketScopeCondition(scope)));
      if (!found) return null;
      const { ticket: full, orderStatus, orderDesigner } = found;
      const row = {
        ...summaryOf(full, orderStatus),
        actions: ticketStaffActions(toTicket(full), actor),
        orderVisible:
          orderDesigner !== null && seesOrder(scope, { designerDiscordId: orderDesigner }),
        request: full.request,
        budgetRobux: full.budgetRobux,
        deadline: full.deadline,
        robloxUsername: full.robloxUsername,
        channelId: full.channelId,
        claimedAt: full.claimedAt,
        closedBy: full.closedBy,
        closeReason: full.closeReason,
        transcriptStoredAt: full.transcriptStoredAt,
      };
      const [history, lines] = await Promise.all([
        ticketsRepository.listTicketHistory(number),
        row.transcriptStoredAt ? transcripts.listTranscript(number) : null,
      ]);
      // Everyone the timeline names: who acted, and whom a reassign or a member change names.
      const actors = await people.nameOf(
        history.flatMap((entry) => [
          entry.actorDiscordId,
          ...['from', 'to', 'userId'].map((key) =>
            typeof entry.data[key] === 'string' ? (entry.data[key] as string) : null,
          ),
        ]),
      );
      const [withNames] = await named([row]);
      if (!withNames) return null;
      const mentionNames = await transcripts.transcriptNames(lines ?? []);
      const { transcriptStoredAt: _stored, ...ticket } = withNames;
      return {
        ...ticket,
        timeline: history.map((entry) => ({
          ...entry,
          actorName: entry.actorDiscordId ? (actors.get(entry.actorDiscordId) ?? null) : null,
          summary: describeTimelineEntry(entry, (id) => actors.get(id) ?? id),
        })),
        transcript:
          lines?.map((line) => ({
            authorDiscordId: line.authorDiscordId,
            authorName: line.authorName,
            authorIsBot: line.authorIsBot,
            sentAt: line.sentAt,
            content: line.content,
            embedsText: line.embedsText,
            attachments: line.attachments,
          })) ?? null,
        mentionNames,
      };
    },

    /** Opened and closed per week over `range`, the median first staff reply, open per designer. */
    async figures(range: { from: string; until: string }): Promise<TicketFigures> {
      const [opened, closed, [median], open] = await Promise.all([
        db
          .select({ week: weekOf(sql`${tickets.createdAt}`), n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(
            and(
              gte(tickets.createdAt, dayStart(range.from)),
              lt(tickets.createdAt, dayStart(range.until)),
            ),
          )
          .groupBy(weekOf(sql`${tickets.createdAt}`)),
        db
          .select({ week: weekOf(sql`${tickets.closedAt}`), n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(
            and(
              gte(tickets.closedAt, dayStart(range.from)),
              lt(tickets.closedAt, dayStart(range.until)),
            ),
          )
          .groupBy(weekOf(sql`${tickets.closedAt}`)),
        // The first message in the transcript written by someone other than the customer and
        // the bot: staff's first reply. Tickets opened in the range that have a transcript.
        db
          .select({
            minutes: sql<
              number | null
            >`percentile_cont(0.5) within group (order by extract(epoch from first_reply.at - ${tickets.createdAt}) / 60)`,
          })
          .from(tickets)
          .innerJoinLateral(
            db
              .select({ at: sql`min(${ticketMessages.sentAt})`.as('at') })
              .from(ticketMessages)
              .where(
                and(
                  eq(ticketMessages.ticketId, tickets.id),
                  eq(ticketMessages.authorIsBot, false),
                  sql`${ticketMessages.authorDiscordId} <> ${tickets.customerDiscordId}`,
                ),
              )
              .as('first_reply'),
            sql`first_reply.at is not null`,
          )
          .where(
            and(
              gte(tickets.createdAt, dayStart(range.from)),
              lt(tickets.createdAt, dayStart(range.until)),
            ),
          ),
        db
          .select({
            discordId: sql<string>`${tickets.claimantDiscordId}`,
            open: sql<number>`count(*)::int`,
          })
          .from(tickets)
          .where(
            and(sql`${tickets.claimantDiscordId} is not null`, sql`${tickets.status} <> 'closed'`),
          )
          .groupBy(tickets.claimantDiscordId)
          .orderBy(desc(sql`count(*)`)),
      ]);
      const names = await people.nameOf(open.map((row) => row.discordId));
      const byWeek = new Map<string, { opened: number; closed: number }>();
      for (const row of opened) byWeek.set(row.week, { opened: Number(row.n), closed: 0 });
      for (const row of closed) {
        byWeek.set(row.week, { opened: byWeek.get(row.week)?.opened ?? 0, closed: Number(row.n) });
      }
      const minutes = median?.minutes;
      return {
        weeks: [...byWeek].map(([week, counts]) => ({ week, ...counts })),
        medianFirstReplyMinutes:
          minutes === null || minutes === undefined ? null : Math.round(Number(minutes)),
        openByDesigner: open.map((row) => ({
          discordId: row.discordId,
          name: names.get(row.discordId) ?? null,
          open: Number(row.open),
        })),
      };
    },
  };
}
