import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hasRole, type StaffRole } from '../../../core/auth';
import type { Actor } from '../../../core/orders/order';
import { STAFF_ROLES as ORDER_ROLES } from '../../../core/orders/order-status';
import { overviewWeeks } from '../../../core/orders/overview';
import { addDays } from '../../../core/shared/day';
import { workScopeOf } from '../../../core/staff/work-scope';
import type { TicketCapacity } from '../../../core/tickets/capacity';
import {
  TicketForceCloseSchema,
  TicketListQuerySchema,
  TicketNumberSchema,
  TicketReassignSchema,
} from '../../../core/tickets/staff-list';
import { createPeopleRepository } from '../../../db/repositories/people';
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
  const people = createPeopleRepository(app.db);
  const designers = { onRequest: requireRole('designer') };
  const leads = { onRequest: requireRole('lead') };

  /** Everyone a ticket can be given to (designers, leads, executives), by name. */
  async function ticketDesigners() {
    const members = (await staffUsers.list()).filter((member) => hasRole(member, 'designer'));
    const names = await people.nameOf(members.map((member) => member.discordId));
    return members
      .map((member) => ({
        discordId: member.discordId,
        name: names.get(member.discordId) ?? member.username,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  }

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

  /** Who is asking, as the rules see them, and which tickets they may read (work-scope.ts). */
  const caller = async (request: FastifyRequest) => {
    const { staff } = await getSignedInStaff(request);
    return { actor: actorOf(staff.discordId, staff), scope: workScopeOf(staff) };
  };

  app.get('/tickets', designers, async (request) => {
    const query = parseWith(TicketListQuerySchema, request.query);
    const { actor, scope } = await caller(request);
    return list.list(query, scope, actor);
  });

  // Designers see only their own tickets and unclaimed ones: the claimant filter and the
  // people a ticket can be given to are for leads and executives.
  app.get('/tickets/claimants', leads, async () => ({ claimants: await list.claimants() }));

  app.get('/tickets/designers', leads, async () => ({ designers: await ticketDesigners() }));

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

  /** Tickets waiting for a channel (every category full): the dashboard's warning. */
  app.get('/tickets/capacity', designers, async (): Promise<TicketCapacity> => {
    const queue = await tickets.readCapacityQueue();
    return { waiting: queue.waiting, since: queue.since?.toISOString() ?? null };
  });

  // A ticket the caller may not see answers like a missing one: its existence is not theirs.
  app.get<{ Params: { number: string } }>('/tickets/:number', designers, async (request) => {
    const number = TicketNumberSchema.safeParse(request.params.number);
    const { actor, scope } = await caller(request);
    const ticket = number.success ? await list.detail(number.data, scope, actor) : null;
    if (!ticket) throw new HttpError(404, 'No such ticket.');
    return ticket;
  });

  app.post<{ Params: { number: string } }>('/tickets/:number/reassign', leads, async (request) => {
    const number = parseWith(TicketNumberSchema, request.params.number);
    const { to } = parseWith(TicketReassignSchema, request.body);
    return answer(
      await tickets.reassignTicket(number, (await caller(request)).actor, await targetOf(to)),
    );
  });

  app.post<{ Params: { number: string } }>(
    '/tickets/:number/force-close',
    designers,
    async (request) => {
      const number = parseWith(TicketNumberSchema, request.params.number);
      const { reason } = parseWith(TicketForceCloseSchema, request.body);
      const { actor, scope } = await caller(request);
      if (!(await list.sees(number, scope))) throw new HttpError(404, 'No such ticket.');
      return answer(await tickets.forceCloseTicket(number, actor, reason));
    },
  );
};

export default ticketRoutes;
