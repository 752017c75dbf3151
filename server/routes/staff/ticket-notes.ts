import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { mayUseTicketNotes, TicketNoteInputSchema } from '../../../core/tickets/notes';
import { TicketNumberSchema } from '../../../core/tickets/staff-list';
import { createTicketNotesRepository } from '../../../db/repositories/ticket-notes';
import { createTicketsRepository } from '../../../db/repositories/tickets';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

// A ticket's staff-only notes on its dashboard page (core/tickets/notes.ts). Who may read or
// add them is who may see the ticket (core/staff/work-scope.ts): a ticket the caller may not
// see answers like a missing one, as its detail does.

const ticketNoteRoutes: FastifyPluginAsync = async (app) => {
  const tickets = createTicketsRepository(app.db);
  const notes = createTicketNotesRepository(app.db);
  const designers = { onRequest: requireRole('designer') };

  /** The ticket, if the caller may use its notes; 404 otherwise. */
  async function ticketFor(request: FastifyRequest<{ Params: { number: string } }>) {
    const { staff } = await getSignedInStaff(request);
    const number = TicketNumberSchema.safeParse(request.params.number);
    const ticket = number.success ? await tickets.getTicket(number.data) : null;
    if (!ticket || !mayUseTicketNotes(staff, ticket)) throw new HttpError(404, 'No such ticket.');
    return { staff, ticket };
  }

  app.get<{ Params: { number: string } }>('/tickets/:number/notes', designers, async (request) => {
    const { ticket } = await ticketFor(request);
    return { notes: await notes.listNotes(ticket.id) };
  });

  app.post<{ Params: { number: string } }>(
    '/tickets/:number/notes',
    designers,
    async (request, reply) => {
      const { staff, ticket } = await ticketFor(request);
      const { text } = parseWith(TicketNoteInputSchema, request.body);
      const note = await notes.addNote(ticket.id, staff.discordId, text, 'dashboard');
      return reply.code(201).send(note);
    },
  );
};

export default ticketNoteRoutes;
