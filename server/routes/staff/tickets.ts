import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hasRole, type StaffRole } from '../../../core/auth';
import type { Actor } from '../../../core/orders/order';
import { STAFF_ROLES as ORDER_ROLES } from '../../../core/orders/order-status';
import { overviewWeeks } from '../../../core/orders/overview';
import { addDays } from '../../../core/shared/day';
import {
  TicketForceCloseSchema,
  TicketListQuerySchema,
  TicketNumberSchema,
  TicketReassignSchema,
} from '../../../core/tickets/staff-list';
import { createStaffTicketsRepository } from '../../../db/repositories/staff-tickets';
import { createStaffUsersRepository } from '../../../db/repositories/staff-users';
import { createTicketsRepository, type TicketResult } from '../../../db/repositories/tickets';
import { DiscordUnavailableError } from '../../discord-rest';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';
import { readDiscordStaffRoles } from '../../staff-roles';

// The dashboard's Tickets page (decision 047). Reassign and force-close call the same
// repository functions as the Discord buttons and commands (decision 046): the rules there
// decide who may, and a refusal is a 409 in their words.

/** A staff member as the tickets' rules see them: the studio roles they hold (with inclusion). */
function actorOf(discordId: string, member: { roles: readonly StaffRole[] }): Actor {
  return { discordId, roles: new Set(ORDER_ROLES.filter((role) => hasRole(member, role))) };
}

const plainMentions = (text: string) => text.replace(/<[@#]!?&?(\d+)>/g, '$1');

function answer(result: TicketResult) {
  if (!result.ok) throw new HttpError(409, plainMentions(result.reason));
  return { number: result.ticket.id, status: result.ticket.status };
}

const ticketRoutes: FastifyPluginAsync = async (app) => {
  const list = createStaffTicketsRepository(app.db);
  const tickets = createTicketsRepository(app.db);
  const staffUsers = createStaffUsersRepository(app.db);
  const designers = { onRequest: requireRole('designer') };

  /** The person a ticket is given to, with their roles: Discord's when it can say, else stored. */
  async function targetOf(discordId: string): Promise<Actor> {
    const source = app.signInSettings.roleSource;
    if (source) {
      try {
        const { roles } = await readDiscordStaffRoles(source, discordId);
        return actorOf(discordId, { roles });
      } catch (error) {
        if (!(error instanceof DiscordUnavailableError)) throw error;
      }
    }
    const stored = await staffUsers.findByDiscordId(discordId);
    return actorOf(discordId, { roles: stored?.roles ?? [] });
  }

  /** The signed-in member, as the one acting. */
  const me = async (request: FastifyRequest) => {
    const { staff } = await getSignedInStaff(request);
    return actorOf(staff.discordId, staff);
  };

  app.get('/tickets', designers, async (request) =>
    list.list(parseWith(TicketListQuerySchema, request.query)),
  );

  app.get('/tickets/claimants', designers, async () => ({ claimants: await list.claimants() }));

  app.get('/tickets/figures', designers, async () => {
    const weeks = overviewWeeks();
    const range = { from: weeks[0] as string, until: addDays(weeks.at(-1) as string, 7) };
    const figures = await list.figures(range);
    const byWeek = new Map(figures.weeks.map((week) => [week.week, week]));
    return {
      ...figures,
      weeks: weeks.map((week) => byWeek.get(week) ?? { week, opened: 0, closed: 0 }),
    };
  });

  app.get<{ Params: { number: string } }>('/tickets/:number', designers, async (request) => {
    const number = TicketNumberSchema.safeParse(request.params.number);
    const ticket = number.success ? await list.detail(number.data) : null;
    if (!ticket) throw new HttpError(404, 'No such ticket.');
    return ticket;
  });

  app.post<{ Params: { number: string } }>(
    '/tickets/:number/reassign',
    { onRequest: requireRole('lead') },
    async (request) => {
      const number = parseWith(TicketNumberSchema, request.params.number);
      const { to } = parseWith(TicketReassignSchema, request.body);
      return answer(await tickets.reassignTicket(number, await me(request), await targetOf(to)));
    },
  );

  app.post<{ Params: { number: string } }>(
    '/tickets/:number/force-close',
    designers,
    async (request) => {
      const number = parseWith(TicketNumberSchema, request.params.number);
      const { reason } = parseWith(TicketForceCloseSchema, request.body);
      return answer(await tickets.forceCloseTicket(number, await me(request), reason));
    },
  );
};

export default ticketRoutes;
