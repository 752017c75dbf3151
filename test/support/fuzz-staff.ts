import { APPLICATION_STATUSES } from '../../core/applications/record';
import { APPLICATION_TYPES } from '../../core/applications/schema';
import { APPLICATION_SORTS } from '../../core/applications/staff-list';
import { MESSAGE_SORTS, MESSAGE_STATUSES } from '../../core/contact/staff-list';
import { ORDER_STATUSES } from '../../core/orders/order-status';
import { PAYOUT_PERIODS, PAYOUT_SORTS, PAYOUT_STATUSES } from '../../core/orders/payouts';
import { ORDER_SORTS, QC_OUTCOMES } from '../../core/orders/staff-list';
import { REVIEW_SORTS, REVIEW_VISIBILITIES } from '../../core/orders/staff-review';
import {
  PAYMENT_CHECKS,
  PAYMENT_METHODS,
  PAYMENT_SORTS,
  PAYMENT_STATES,
} from '../../core/payments/staff-list';
import { TICKET_SORTS } from '../../core/tickets/staff-list';
import { TICKET_STATUSES } from '../../core/tickets/ticket-status';
import { orderEvents, orderRefunds, orders, ticketEvents, ticketNotes } from '../../db/schema';
import type { TestDatabase } from './database';
import type { Fuzzer } from './fuzz';
import { countRows } from './rows';
import { SITE_ORIGIN } from './staff';

// Generated hostile input for the staff endpoints (test/server/fuzz-staff.test.ts, and in
// volume bench/fuzz.bench.ts): the dashboard lists' query (core/shared/list-page.ts), the
// refund reason and the ticket notes. Same seeds and tallies as test/support/fuzz.ts.

const DESIGNER = '100000000000000001';

/** Each list's sorts and its facets' good values (a facet param takes `a,b`). */
export const STAFF_LISTS: Record<
  string,
  { sorts: readonly string[]; facets: Record<string, readonly string[]>; extra?: string[] }
> = {
  applications: {
    sorts: APPLICATION_SORTS,
    facets: { status: APPLICATION_STATUSES, type: APPLICATION_TYPES },
  },
  orders: {
    sorts: ORDER_SORTS,
    facets: {
      status: ORDER_STATUSES,
      designer: [DESIGNER, 'none'],
      service: ['service:banners', 'plan:pro', 'none'],
      qc: QC_OUTCOMES,
      paid: ['true', 'false'],
    },
  },
  tickets: {
    sorts: TICKET_SORTS,
    facets: {
      status: TICKET_STATUSES,
      service: ['service:banners', 'plan:pro'],
      claimant: [DESIGNER, 'none'],
    },
  },
  payouts: {
    sorts: PAYOUT_SORTS,
    facets: { status: PAYOUT_STATUSES, designer: [DESIGNER], period: PAYOUT_PERIODS },
  },
  reviews: {
    sorts: REVIEW_SORTS,
    facets: { rating: ['1', '2', '3', '4', '5'], visibility: REVIEW_VISIBILITIES },
  },
  messages: { sorts: MESSAGE_SORTS, facets: { status: MESSAGE_STATUSES } },
  payments: {
    sorts: PAYMENT_SORTS,
    facets: { status: PAYMENT_STATES, method: PAYMENT_METHODS, check: PAYMENT_CHECKS },
  },
};

/** Searches people type that are odd but fine: each list must answer them with a 200. */
export const ODD_SEARCHES = [
  '50%',
  'a_b',
  'a\\b',
  '%a_\\',
  "o'brien",
  'é',
  'e\u0301',
  '😀 a',
  '東京',
  '"x"',
];

/**
 * `GET /api/staff/<list>?…` with each parameter present or not. Two queries in three have one
 * or two hostile parameters (the others good, so the hostile one reaches the database) and now
 * and then one twice (Fastify then parses it as an array); the rest are good throughout, so the
 * lists' search, sorts and filters run too.
 */
export function listQueryUrl(fuzz: Fuzzer, list: string): string {
  const spec = STAFF_LISTS[list];
  if (!spec) throw new Error(`no list ${list}`);
  const { pick, random, int, urlPart } = fuzz;
  const day = () => pick(['2026-01-31', '2026-02-01', '2025-12-31']);
  const odd = () =>
    pick(['0', '-1', '1.5', '1e3', '1e400', 'NaN', '2026-02-30', '2026-1-1', '99999-01-01', '']);
  const good: Record<string, () => string> = {
    q: () => encodeURIComponent(pick(ODD_SEARCHES)),
    sort: () => pick(spec.sorts),
    order: () => pick(['asc', 'desc']),
    page: () => pick(['1', '2', '1000000']),
    size: () => pick(['10', '25', '50', '100']),
    from: day,
    to: day,
  };
  for (const [name, values] of Object.entries(spec.facets)) {
    good[name] = () => Array.from({ length: 1 + int(3) }, () => pick(values)).join(',');
  }
  const names = Object.keys(good);
  const hostile = random() < 0.67 ? new Set([pick(names), pick(names)]) : new Set<string>();
  const bad = (name: string) => {
    const roll = random();
    if (roll < 0.5) return urlPart();
    if (roll < 0.7) return odd();
    // A good facet list with a hostile value among good ones, or an empty one.
    if (roll < 0.9) return `${good[name]?.()}${pick([',', '%2C', ',,'])}${urlPart()}`;
    return `${good[name]?.()}&${name}=${good[name]?.()}`;
  };
  const parts: string[] = [];
  for (const name of names) {
    if (hostile.has(name)) parts.push(`${name}=${bad(name)}`);
    else if (random() < 0.5) parts.push(`${name}=${good[name]?.()}`);
  }
  if (hostile.size > 0 && random() < 0.1) parts.push(`${urlPart()}=${urlPart()}`);
  return `/api/staff/${list}?${parts.join('&')}`;
}

/**
 * Generated bodies for `url`, POSTed with the signed-in staff member's cookie and the site's
 * Origin, as their browser sends them (server/plugins/csrf.ts).
 */
export function staffPost(
  fuzz: Fuzzer,
  cookie: string,
  url: (index: number) => string,
  valid: Record<string, unknown>,
) {
  return (index: number) => {
    const { payload, contentType } = fuzz.body(valid);
    const headers = { cookie, origin: SITE_ORIGIN, 'content-type': contentType };
    return { method: 'POST' as const, url: url(index), payload, headers };
  };
}

/** Every row the staff endpoints fuzzed here can write, to prove nothing is stored half-way. */
export async function countStaffRows(database: TestDatabase) {
  const db = database.db;
  const [refunds, notes, orderEventRows, ticketEventRows, orderRows] = await Promise.all([
    countRows(db, orderRefunds),
    countRows(db, ticketNotes),
    countRows(db, orderEvents),
    countRows(db, ticketEvents),
    countRows(db, orders),
  ]);
  return {
    refunds,
    notes,
    orderEvents: orderEventRows,
    ticketEvents: ticketEventRows,
    orders: orderRows,
  };
}

/** A ticket request for the notes' fuzz: any will do, the notes are what is fuzzed. */
export function fuzzTicketRequest(customerDiscordId: string, source: 'site' | 'discord') {
  return {
    customerDiscordId,
    source,
    intake: {
      service: 'service:banners',
      request: 'A banner in blue and gold',
      budgetRobux: 900,
      deadline: 'Friday',
      robloxUsername: 'Builder',
    },
    service: { key: 'service:banners', label: 'Banners' },
    onePerService: false,
  };
}
