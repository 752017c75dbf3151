import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CUSTOMER_TOKEN_EXPIRED } from '../../../core/auth/customer';
import type { OrderStatus } from '../../../core/orders/order-status';
import {
  type CustomerPayment,
  type CustomerTicket,
  type CustomerTicketConflict,
  type CustomerTicketDetail,
  customerProblem,
  customerStatusLabel,
  discordChannelUrl,
  openingProgress,
} from '../../../core/tickets/customer-view';
import { TicketIntakeSchema } from '../../../core/tickets/intake';
import { findTicketService, listTicketServices } from '../../../core/tickets/services';
import { TicketNumberSchema } from '../../../core/tickets/staff-list';
import type { Ticket } from '../../../core/tickets/ticket';
import { findCustomerPayments } from '../../../db/repositories/customer-payments';
import { createTicketTranscriptsRepository } from '../../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../../db/repositories/tickets';
import { orders } from '../../../db/schema';
import { HttpError, parseWith } from '../../http-errors';
import { cookieOptions } from '../../plugins/auth';
import { CUSTOMER_COOKIE, customerToken, requireCustomer } from '../../plugins/customer-auth';
import { routeRateLimit } from '../../plugins/rate-limit';
import { createSiteContent } from '../../site-settings';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';

/** Per address: a customer opens a ticket or two; more looks like a script. */
export const CUSTOMER_TICKET_RATE_LIMIT = { max: 10, timeWindow: 60 * 60_000 };

/**
 * The customer's tickets (decision 047): open one from the site's intake form, list them, read
 * one. Every answer is for the session's own Discord id: another customer's ticket is a 404,
 * like a missing one.
 */
const customerTicketRoutes: FastifyPluginAsync = async (app) => {
  const tickets = createTicketsRepository(app.db);
  const transcripts = createTicketTranscriptsRepository(app.db);
  const content = createSiteContent(app.db, app.config);
  const guildId = app.config.discord.connection?.guildId;

  const view = async (
    ticket: Ticket,
    orderStatus: OrderStatus | null,
    payment: CustomerPayment | null = null,
  ): Promise<CustomerTicket> => {
    const queuePosition = await tickets.queuePosition(ticket);
    return {
      number: ticket.id,
      name: ticket.orderId,
      serviceLabel: ticket.serviceLabel,
      status: ticket.status,
      orderStatus,
      statusLabel: customerStatusLabel(ticket.status, orderStatus, queuePosition),
      channelUrl:
        guildId && ticket.channelId && ticket.status !== 'closed'
          ? discordChannelUrl(guildId, ticket.channelId)
          : null,
      request: ticket.request,
      budgetRobux: ticket.budgetRobux,
      deadline: ticket.deadline,
      robloxUsername: ticket.robloxUsername,
      createdAt: ticket.createdAt.toISOString(),
      closedAt: ticket.closedAt?.toISOString() ?? null,
      problem: customerProblem(ticket),
      queuePosition,
      // A reopened ticket opens again from its last change, not from when it was first asked for.
      progress: openingProgress(
        { status: ticket.status, openingSince: ticket.updatedAt },
        queuePosition,
      ),
      payment,
    };
  };

  app.post(
    '/api/customer/tickets',
    {
      bodyLimit: FORM_BODY_LIMIT,
      preValidation: requireJsonBody,
      config: {
        rateLimit: routeRateLimit(
          CUSTOMER_TICKET_RATE_LIMIT,
          (wait) => `You have opened too many tickets. Please try again in ${wait}.`,
        ),
      },
    },
    async (request, reply) => {
      const customer = await requireCustomer(request);
      const intake = parseWith(TicketIntakeSchema, request.body);
      // The bot adds the customer to the server with their token: without one (expired,
      // revoked, another client secret) the session ends and they continue with Discord again.
      if (!(await app.customers.accessTokenFor(customer.discordId))) {
        const token = customerToken(request);
        if (token) await app.customers.deleteSession(token);
        reply.clearCookie(CUSTOMER_COOKIE, cookieOptions(app.config));
        throw new HttpError(401, CUSTOMER_TOKEN_EXPIRED);
      }
      const [services, plans] = await Promise.all([
        content.read('services'),
        content.read('pricing'),
      ]);
      const service = findTicketService(
        listTicketServices(services.value, plans.value),
        intake.service,
      );
      if (!service) {
        throw new HttpError(400, 'Some fields are invalid.', { service: 'Pick a service or plan' });
      }
      const result = await tickets.requestTicket({
        customerDiscordId: customer.discordId,
        source: 'site',
        intake,
        service,
        onePerService: app.config.tickets.onePerService,
      });
      if (!result.ok) {
        const { existing } = result;
        const body: CustomerTicketConflict = {
          message: `You already have an open ticket for ${existing.serviceLabel} (${existing.orderId}).`,
          existing: { number: existing.id, name: existing.orderId },
        };
        return reply.status(409).send(body);
      }
      return reply.status(201).send(await view(result.ticket, null));
    },
  );

  app.get('/api/customer/tickets', async (request, reply) => {
    const customer = await requireCustomer(request);
    reply.header('cache-control', 'private, no-store');
    const rows = await tickets.listTicketsForCustomer(customer.discordId);
    const payments = await findCustomerPayments(
      app.db,
      app.config,
      rows.filter((row) => row.orderStatus === 'awaiting_payment').map((row) => row.orderId),
    );
    return {
      items: await Promise.all(
        rows.map((row) => view(row, row.orderStatus, payments.get(row.orderId) ?? null)),
      ),
    };
  });

  app.get<{ Params: { number: string } }>(
    '/api/customer/tickets/:number',
    async (request, reply): Promise<CustomerTicketDetail> => {
      const customer = await requireCustomer(request);
      reply.header('cache-control', 'private, no-store');
      const number = TicketNumberSchema.safeParse(request.params.number);
      const ticket = number.success ? await tickets.getTicket(number.data) : null;
      if (!ticket || ticket.customerDiscordId !== customer.discordId) {
        throw new HttpError(404, 'There is no ticket with this number among your orders.');
      }
      const [order] = await app.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, ticket.orderId));
      const lines =
        ticket.status === 'closed' && ticket.transcriptStoredAt
          ? await transcripts.listTranscript(ticket.id)
          : null;
      const payments =
        order?.status === 'awaiting_payment'
          ? await findCustomerPayments(app.db, app.config, [ticket.orderId])
          : null;
      return {
        ...(await view(ticket, order?.status ?? null, payments?.get(ticket.orderId) ?? null)),
        transcript:
          lines?.map((line) => ({
            authorName: line.authorName,
            authorIsBot: line.authorIsBot,
            sentAt: line.sentAt.toISOString(),
            content: line.content,
            embedsText: line.embedsText,
            attachments: line.attachments,
          })) ?? null,
        mentionNames: lines ? await transcripts.transcriptNames(lines) : {},
      };
    },
  );
};

export default customerTicketRoutes;
