import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { PageQuerySchema } from '../../../core/shared/page';
import {
  createStaffReviewsRepository,
  REVIEW_LIST_MAX,
  ReviewCursorSchema,
} from '../../../db/repositories/staff-reviews';
import { parseWith } from '../../http-errors';

const ReviewListQuerySchema = PageQuerySchema(ReviewCursorSchema, {
  defaultLimit: 50,
  maxLimit: REVIEW_LIST_MAX,
}).extend({
  rating: z.coerce
    .number({ error: 'Rating must be a number' })
    .int({ error: 'Rating must be a whole number' })
    .min(1, { error: 'Rating must be 1 to 5' })
    .max(5, { error: 'Rating must be 1 to 5' })
    .optional(),
});

/** `GET /api/staff/reviews`: every customer review, newest first, for all staff. */
const reviewRoutes: FastifyPluginAsync = async (app) => {
  const reviews = createStaffReviewsRepository(app.db);
  app.get('/reviews', async (request) => {
    const { limit, cursor, rating } = parseWith(ReviewListQuerySchema, request.query);
    return reviews.list({ limit, after: cursor, rating });
  });
};

export default reviewRoutes;
