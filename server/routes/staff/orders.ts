import type { FastifyPluginAsync } from 'fastify';
import { OrderIdSchema } from '../../../core/orders';
import { OrderListQuerySchema } from '../../../core/orders/staff-list';
import { workScopeOf } from '../../../core/staff/work-scope';
import { createStaffOrdersRepository } from '../../../db/repositories/staff-orders';
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
};

export default orderRoutes;
