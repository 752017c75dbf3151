import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hasRole } from '../../../core/auth/roles';
import {
  type Actor,
  OrderIdSchema,
  ROBLOX_CHECK_ACTOR_ID,
  STRIPE_ACTOR_ID,
} from '../../../core/orders';
import { STAFF_ROLES } from '../../../core/orders/order-status';
import { PaymentListQuerySchema } from '../../../core/payments/staff-list';
import { createOrdersRepository } from '../../../db/repositories/orders';
import { verifyPaymentByPerson } from '../../../db/repositories/payment-verification';
import { createPeopleRepository } from '../../../db/repositories/people';
import { createStaffPaymentsRepository } from '../../../db/repositories/staff-payments';
import { HttpError, parseWith } from '../../http-errors';
import { countDashboardPayment } from '../../metrics/payments';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

// The Payments page (issue 31) for payment verifiers and executives (who include the
// verifier): the list, the Overview's payment figures, and Verify, which is the very
// operation of the Discord button (db/repositories/payment-verification.ts).

const ParamsSchema = z.object({ id: OrderIdSchema });

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const payments = createStaffPaymentsRepository(app.db);
  const orders = createOrdersRepository(app.db);
  const people = createPeopleRepository(app.db);
  const verifiers = { onRequest: requireRole('payment_verifier') };

  app.get('/payments', verifiers, async (request) =>
    payments.list(parseWith(PaymentListQuerySchema, request.query)),
  );

  app.get('/payments/figures', verifiers, async () => payments.figures(new Date()));

  app.post('/payments/:id/verify', verifiers, async (request) => {
    const { id } = parseWith(ParamsSchema, request.params);
    const { staff } = await getSignedInStaff(request);
    const actor: Actor = {
      discordId: staff.discordId,
      roles: new Set(STAFF_ROLES.filter((role) => hasRole(staff, role))),
    };
    const { result, method } = await verifyPaymentByPerson(app.db, app.config, {
      orderId: id,
      actor,
      at: new Date(),
      editEmbed: true,
    });
    if (result.ok) {
      countDashboardPayment(method);
      return { orderId: id, status: result.order.status, paidAt: result.order.paidAt };
    }
    const order = await orders.findOrder(id);
    if (!order) throw new HttpError(404, `There is no order ${id}.`);
    if (order.status !== 'awaiting_payment') {
      const by = order.paymentVerifiedBy;
      const who =
        by === null
          ? ''
          : by === ROBLOX_CHECK_ACTOR_ID
            ? ' by the automatic Roblox check'
            : by === STRIPE_ACTOR_ID
              ? ': the customer paid by card through Stripe'
              : ` by ${(await people.nameOf([by])).get(by) ?? by}`;
      throw new HttpError(409, `The payment of order ${id} was already verified${who}.`);
    }
    // Still awaiting: the rules refused this person (their own order, say).
    throw new HttpError(403, result.reason.replace(/<[@#]!?&?(\d+)>/g, '$1'));
  });
};

export default paymentRoutes;
