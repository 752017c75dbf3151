import { ModeratorAnswersSchema } from '../../core/applications/record';
import type { Executor } from '../../db/client';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { applications, contactMessages, reviews, tickets } from '../../db/schema';
import { insertOrder, loggedOrder } from '../support/orders';
import { numberedTickets } from '../support/rows';
import { aModerator } from '../support/uploads';
import type { StaffIdentityInput } from './support';

// The rows behind dashboard-every-list.test.ts: 25–40 per list (three pages and more at ten
// rows a page), each list's search word, facet values and sort key spread so what the server
// should count is known here. One set of orders serves Orders, Payments (every order),
// Payouts (the logged ones: a line per designer and week) and Reviews (one per logged order).

export const DESIGNERS = [
  { discordId: '240000000000000001', username: 'Astra' },
  { discordId: '240000000000000002', username: 'Borealis' },
  { discordId: '240000000000000003', username: 'Comet' },
] as const;

const HOUR = 60 * 60_000;
const WEEK = 7 * 24 * HOUR;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Every fifth row carries the lists' search word, in whatever field each list searches. */
const searched = (i: number) => i % 5 === 0;

/** A row as the test reads it in a list: the text of its naming column and its keys. */
export type ListRow = {
  /** The text of the list's identity column (unique), e.g. an order id. */
  name: string;
  /** Whether the list's search word finds it. */
  found: boolean;
  /** The value of the facet the test ticks. */
  facet: string;
  /** The key of the column the test sorts by (unique: one answer per sort). */
  sortKey: number | string;
};

// Orders: 30 logged and reviewed (paid out per week), 6 awaiting payment, 4 paid (2 refunded).
const ORDER_COUNT = 40;
const LOGGED = 30;
const orderId = (i: number) => `lst-${pad(i + 1, 4)}`;
const orderStatus = (i: number) =>
  i < LOGGED ? 'reviewed' : i < LOGGED + 6 ? 'awaiting_payment' : 'paid';
const price = (i: number) => 100 + i * 10;
/** A logged order's share (loggedOrder: 90 % with QC passed): unique, as prices are. */
const share = (i: number) => Math.floor((price(i) * 90) / 100);
const refunded = (i: number) => i >= LOGGED + 8;
const customer = (i: number) => (searched(i) ? `Nova${pad(i)}` : `Buyer${pad(i)}`);
const designerOf = (i: number) => DESIGNERS[i % DESIGNERS.length] ?? DESIGNERS[0];

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export const ORDER_ROWS: ListRow[] = range(ORDER_COUNT).map((i) => ({
  name: orderId(i),
  found: searched(i),
  facet: orderStatus(i),
  sortKey: price(i),
}));

export const PAYMENT_ROWS: ListRow[] = range(ORDER_COUNT).map((i) => ({
  name: orderId(i),
  found: searched(i),
  facet: orderStatus(i) === 'awaiting_payment' ? 'awaiting' : refunded(i) ? 'refunded' : 'paid',
  sortKey: price(i),
}));

// Payouts: logged order i is designer i % 3's only order in week i / 3, so a line each.
export const PAYOUT_ROWS: ListRow[] = range(LOGGED).map((i) => ({
  name: String(share(i)),
  found: designerOf(i).username === 'Astra',
  facet: designerOf(i).discordId,
  sortKey: share(i),
}));

const rating = (i: number) => (i % 5) + 1;
export const REVIEW_ROWS: ListRow[] = range(LOGGED).map((i) => ({
  name: orderId(i),
  found: i % 4 === 0,
  facet: String(rating(i)),
  sortKey: orderId(i),
}));

const APPLICATION_COUNT = 30;
const applicant = (i: number) => (searched(i) ? `Nova${pad(i)}` : `Applicant${pad(i)}`);
const applicationStatus = (i: number) => (['pending', 'accepted', 'rejected'] as const)[i % 3];
export const APPLICATION_ROWS: ListRow[] = range(APPLICATION_COUNT).map((i) => ({
  name: applicant(i),
  found: searched(i),
  facet: applicationStatus(i) ?? 'pending',
  sortKey: applicant(i).toLowerCase(),
}));

const TICKET_COUNT = 30;
const FIRST_TICKET = 9001;
const ticketStatus = (i: number) => (['open', 'claimed', 'closed'] as const)[i % 3] ?? 'open';
export const TICKET_ROWS: ListRow[] = range(TICKET_COUNT).map((i) => ({
  name: `ticket-${FIRST_TICKET + i}`,
  found: searched(i),
  facet: ticketStatus(i),
  sortKey: FIRST_TICKET + i,
}));

const MESSAGE_COUNT = 30;
const sender = (i: number) => `Sender${pad(i)}`;
const handled = (i: number) => i % 3 === 0;
export const MESSAGE_ROWS: ListRow[] = range(MESSAGE_COUNT).map((i) => ({
  name: `${sender(i)} <${sender(i).toLowerCase()}@example.com>`,
  found: searched(i),
  facet: handled(i) ? 'handled' : 'open',
  sortKey: sender(i).toLowerCase(),
}));

/** The search word of every list but Payouts (which finds designers) and Reviews (comments). */
export const SEARCH_WORD = 'nova';
export const REVIEW_WORD = 'sparkle';

/** Puts every list's rows in the database, each list newest first by its row's index. */
export async function seedEveryList(db: Executor, handler: StaffIdentityInput) {
  const now = Date.now();
  const hoursAgo = (i: number) => new Date(now - (i + 1) * HOUR);
  const staff = createStaffUsersRepository(db);
  for (const designer of DESIGNERS) {
    await staff.upsertByDiscordId({ ...designer, roles: ['designer'] });
  }
  const handledBy = await staff.upsertByDiscordId({ ...handler, roles: ['lead'] });

  for (const i of range(ORDER_COUNT)) {
    const designer = designerOf(i).discordId;
    const base =
      i < LOGGED
        ? // A week apart per three orders: each designer's order of week i / 3.
          loggedOrder(
            orderId(i),
            designer,
            new Date(now - Math.floor(i / 3) * WEEK - HOUR).toISOString(),
            { price: price(i) },
          )
        : { id: orderId(i), designerDiscordId: designer, priceRobux: price(i) };
    const paid = orderStatus(i) === 'paid';
    await insertOrder(db, {
      ...base,
      status: orderStatus(i),
      customerRobloxUsername: customer(i),
      createdAt: hoursAgo(i),
      updatedAt: hoursAgo(i),
      ...(paid && { paidAt: hoursAgo(i) }),
      ...(refunded(i) && { refundedAt: hoursAgo(i) }),
    });
  }
  await db.insert(reviews).values(
    range(LOGGED).map((i) => ({
      orderId: orderId(i),
      customerDiscordId: `24100000000000${pad(i, 4)}`,
      rating: rating(i),
      comment: i % 4 === 0 ? `A ${REVIEW_WORD} of a logo, order ${i}` : `Good work ${i}`,
      publish: i % 3 !== 2,
      hidden: i % 6 === 0,
      createdAt: hoursAgo(i),
    })),
  );

  const answers = ModeratorAnswersSchema.parse(aModerator());
  await db.insert(applications).values(
    range(APPLICATION_COUNT).map((i) => ({
      type: 'moderator' as const,
      status: applicationStatus(i),
      robloxUsername: applicant(i),
      discordUsername: `disc${pad(i)}`,
      answers,
      submittedAt: hoursAgo(i),
    })),
  );

  // Numbered in the reverse of the order they were opened in (9001 the newest), so sorting by
  // number changes the first row.
  await db.insert(tickets).values(
    numberedTickets(
      range(TICKET_COUNT).map((i) => ({
        status: ticketStatus(i),
        source: 'discord' as const,
        customerDiscordId: `24200000000000${pad(i, 4)}`,
        serviceKey: 'service:banners',
        serviceLabel: 'Banners',
        request: searched(i) ? `A ${SEARCH_WORD} banner` : `A banner, number ${i}`,
        budgetRobux: 500,
        deadline: 'Friday',
        robloxUsername: `TicketBuyer${pad(i)}`,
        claimantDiscordId: ticketStatus(i) === 'claimed' ? designerOf(i).discordId : null,
        closedAt: ticketStatus(i) === 'closed' ? hoursAgo(i) : null,
        createdAt: hoursAgo(i),
        lastActivityAt: hoursAgo(i),
      })),
      FIRST_TICKET,
    ),
  );

  await db.insert(contactMessages).values(
    range(MESSAGE_COUNT).map((i) => ({
      name: sender(i),
      email: `${sender(i).toLowerCase()}@example.com`,
      subject: searched(i) ? `About ${SEARCH_WORD} logos` : `Question ${i}`,
      message: 'Hello there.',
      createdAt: hoursAgo(i),
      ...(handled(i) && { handledAt: hoursAgo(i), handledByStaffId: handledBy.id }),
    })),
  );
}
