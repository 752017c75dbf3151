import { describe, expect, it } from 'vitest';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { DRIVERS } from '../support/database';
import { createFuzzer, fuzzEndpoint } from '../support/fuzz';
import {
  countStaffRows,
  fuzzTicketRequest,
  listQueryUrl,
  ODD_SEARCHES,
  STAFF_LISTS,
  staffPost,
} from '../support/fuzz-staff';
import { insertOrder } from '../support/orders';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// Hostile input on the staff endpoints an executive reaches: every dashboard list's query and
// facets, the refund reason, a ticket's notes. Never a 5xx, a row only for an answer that said
// so, and odd but good searches (%, _, \, accents, emoji) answered. Volume: `npm run bench -- fuzz`.
const PER_ENDPOINT = Number(process.env.FUZZ_BODIES ?? 100);
const SEED = process.env.FUZZ_SEED ?? 'lunar-fuzz-staff';
const TIMEOUT_MS = 300_000;

describe.each(DRIVERS)('fuzzing the staff endpoints on %s', (driver) => {
  const server = useTestApp(driver, { seed: true });
  const executive = () => signInAsStaff(server.database.db, ['executive'], 'fuzz-exec');

  it.each(Object.keys(STAFF_LISTS))(
    'GET /api/staff/%s with generated queries and facets',
    async (list) => {
      const { cookie } = await executive();
      const fuzz = createFuzzer(`${SEED}:list-${list}`);
      const before = await countStaffRows(server.database);
      const tally = await fuzzEndpoint(server.app, PER_ENDPOINT, () => ({
        method: 'GET',
        url: listQueryUrl(fuzz, list),
        headers: { cookie },
      }));
      expect(tally.serverErrors).toEqual([]);
      expect(tally.success).toBeGreaterThan(0);
      expect(await countStaffRows(server.database)).toEqual(before);
    },
    TIMEOUT_MS,
  );

  it.each(Object.keys(STAFF_LISTS))(
    'answers odd but good searches on /api/staff/%s',
    async (list) => {
      const { cookie } = await executive();
      for (const q of ODD_SEARCHES) {
        const url = `/api/staff/${list}?q=${encodeURIComponent(q)}`;
        const response = await server.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
    },
  );

  it(
    'POST /api/staff/orders/:id/refund (the reason)',
    async () => {
      const { cookie } = await executive();
      // A paid order per request, so each good reason can make its refund.
      for (let i = 0; i < PER_ENDPOINT; i++) {
        await insertOrder(server.database.db, { id: `fz-${i}`, paidAt: new Date() });
      }
      const fuzz = createFuzzer(`${SEED}:refund`);
      const before = await countStaffRows(server.database);
      const tally = await fuzzEndpoint(
        server.app,
        PER_ENDPOINT,
        staffPost(fuzz, cookie, (index) => `/api/staff/orders/fz-${index}/refund`, {
          reason: 'Paid twice by mistake',
        }),
      );
      expect(tally.serverErrors).toEqual([]);
      const after = await countStaffRows(server.database);
      expect(after.refunds - before.refunds).toBe(tally.success);
    },
    TIMEOUT_MS,
  );

  it(
    'POST /api/staff/tickets/:number/notes',
    async () => {
      const { cookie } = await executive();
      const tickets = createTicketsRepository(server.database.db);
      const opened = await tickets.requestTicket(fuzzTicketRequest('940000000000000001', 'site'));
      if (!opened.ok) throw new Error(opened.reason);
      await tickets.markTicketOpened(opened.ticket.id, '940000000000000002');
      const fuzz = createFuzzer(`${SEED}:notes`);
      const before = await countStaffRows(server.database);
      const tally = await fuzzEndpoint(
        server.app,
        PER_ENDPOINT,
        staffPost(fuzz, cookie, () => `/api/staff/tickets/${opened.ticket.id}/notes`, {
          text: 'Paid half up front.',
        }),
      );
      expect(tally.serverErrors).toEqual([]);
      const after = await countStaffRows(server.database);
      expect(after.notes - before.notes).toBe(tally.success);
    },
    TIMEOUT_MS,
  );
});
