import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/orders';
import { ReviewListQuerySchema } from '../../../core/orders/staff-review';
import { createOrdersRepository } from '../../../db/repositories/orders';
import { createStaffReviewsRepository } from '../../../db/repositories/staff-reviews';
import {
  createTestimonialsRepository,
  testimonialsChanged,
} from '../../../db/repositories/testimonials';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

const ParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * `GET /api/staff/reviews`: every customer review, for all staff (the list contract). An executive
 * hides a published review from the site, or shows it again: the order's state machine decides
 * (`setReviewHidden`), so the change and its event row are one transaction.
 */
const reviewRoutes: FastifyPluginAsync = async (app) => {
  const reviews = createStaffReviewsRepository(app.db);
  const orders = createOrdersRepository(app.db);
  const testimonials = createTestimonialsRepository(app.db);

  app.get('/reviews', async (request) => {
    return reviews.list(parseWith(ReviewListQuerySchema, request.query));
  });

  for (const [action, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    app.post(`/reviews/:id/${action}`, { onRequest: requireRole('executive') }, async (request) => {
      const { id } = parseWith(ParamsSchema, request.params);
      const orderId = await testimonials.findReviewOrderId(id);
      if (!orderId) throw new HttpError(404, `There is no review ${id}.`);
      const { staff } = await getSignedInStaff(request);
      // The guard admitted an executive (or an owner, who includes it).
      const actor: Actor = { discordId: staff.discordId, roles: new Set(['executive']) };
      const result = await orders.applyOrderCommand(
        { type: 'setReviewHidden', orderId, hidden },
        actor,
      );
      if (!result.ok) throw new HttpError(409, result.reason);
      await testimonialsChanged(app.db);
      return { id, orderId, hidden };
    });
  }
};

export default reviewRoutes;
