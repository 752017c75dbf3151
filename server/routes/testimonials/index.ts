import type { FastifyPluginAsync } from 'fastify';
import { TestimonialsQuerySchema, type TestimonialsResponse } from '../../../core/orders';
import { createTestimonialsRepository } from '../../../db/repositories/testimonials';
import { parseWith } from '../../http-errors';

/** The home page's testimonials: published reviews nobody hid, newest first. */
const testimonialsRoutes: FastifyPluginAsync = async (app) => {
  const testimonials = createTestimonialsRepository(app.db);
  app.get('/api/testimonials', async (request, reply): Promise<TestimonialsResponse> => {
    const { limit } = parseWith(TestimonialsQuerySchema, request.query);
    // Revalidated each time: a review an executive hid must not linger in a browser cache.
    reply.header('cache-control', 'no-cache');
    return { testimonials: await testimonials.listTestimonials(limit) };
  });
};

export default testimonialsRoutes;
