import type { FastifyPluginAsync } from 'fastify';
import { OrderIdSchema } from '../../../core/orders';
import { OrderListQuerySchema } from '../../../core/orders/staff-list';
import { RefundRequestSchema } from '../../../core/payments';
import { workScopeOf } from '../../../core/staff/work-scope';
import { createRefunds, refundAmountLabel } from '../../../db/refunds';
import { createStaffOrdersRepository } from '../../../db/repositories/staff-orders';
import { createStripeClient } from '../../../db/stripe-client';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

// Leads and executives see every order; a designer only the orders they design
// (core/staff/work-scope.ts, the same rule as the tickets').

const orderRoutes: FastifyPluginAsync = async (app) => {
  const orders = createStaffOrdersRepository(app.db);
  const designers = { onRequest: requireRole('designer') };

  // The designer filter's choices: everyone who has designed an order, named. Designers see
  // only their own orders: no filter, no list.
  app.get('/orders/designers', { onRequest: requireRole('lead') }, async () => ({
    designers: await orders.designers(),
  }));

  app.get('/orders', designers, async (request) => {
    const { staff } = await getSignedInStaff(request);
    return orders.list(parseWith(OrderListQuerySchema, request.query), workScopeOf(staff));
  });

  app.get<{ Params: { id: string } }>('/orders/:id', designers, async (request) => {
    const { staff } = await getSignedInStaff(request);
    const id = OrderIdSchema.safeParse(request.params.id);
    // Someone else's order answers like a missing one: its existence is not a designer's business.
    const order = id.success ? await orders.detail(id.data, workScopeOf(staff)) : null;
    if (!order) throw new HttpError(404, 'No such order.');
    return order;
  });

  // Refunds are the executives' alone (issue 31): card through Stripe, Robux recorded as made
  // by hand in Roblox (it has no refund API). One per order: a second executive is told.
  app.post<{ Params: { id: string } }>(
    '/orders/:id/refund',
    { onRequest: requireRole('executive') },
    async (request, reply) => {
      const { staff } = await getSignedInStaff(request);
      const { reason } = parseWith(RefundRequestSchema, request.body);
      const id = OrderIdSchema.safeParse(request.params.id);
      if (!id.success) throw new HttpError(404, 'No such order.');
      const outcome = await refunds.refundOrder(
        id.data,
        { discordId: staff.discordId, name: staff.username },
        reason,
      );
      switch (outcome.kind) {
        case 'missing':
          throw new HttpError(404, 'No such order.');
        case 'unpaid':
          throw new HttpError(409, 'This order is not paid, so there is nothing to refund.');
        case 'already':
          throw new HttpError(
            409,
            outcome.refund.status === 'pending'
              ? 'Another refund of this order is being made right now.'
              : 'This order is already refunded.',
          );
        case 'stripe_failed':
          throw new HttpError(
            502,
            'Stripe did not make the refund, so nothing changed. Try again in a few minutes.',
          );
        case 'refunded':
          return reply.status(201).send({
            method: outcome.refund.method,
            amountLabel: refundAmountLabel(outcome.refund),
            status: outcome.refund.status,
          });
      }
    },
  );

  /** Card refunds go through Stripe; Robux ones are recorded with or without it. */
  const refunds = createRefunds({
    db: app.db,
    log: app.log,
    stripe: app.config.stripe ? createStripeClient(app.config.stripe) : null,
  });
};

export default orderRoutes;
