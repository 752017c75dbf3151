import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BlogPostInputSchema } from '../../../core/blog/schema';
import {
  BLOG_PAGE_MAX,
  type BlogCursor,
  createBlogPostsRepository,
} from '../../../db/repositories/blog-posts';
import { parseWith } from '../../http-errors';
import { requireRight } from '../../plugins/auth';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';
import blogSessionRoutes from './session';

export const BLOG_PAGE_DEFAULT = 20;

// Cursor "YYYY-MM-DD.id": the last post of the previous page.
const CursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}$/, { error: 'Cursor is not valid' })
  .transform((value): BlogCursor => {
    const [date = '', id = '0'] = value.split('.');
    return { date, id: Number(id) };
  });

const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1)
    .max(BLOG_PAGE_MAX, { error: `Limit must be at most ${BLOG_PAGE_MAX}` })
    .default(BLOG_PAGE_DEFAULT),
  cursor: CursorSchema.optional(),
});

const encodeCursor = (cursor: BlogCursor | null) => (cursor ? `${cursor.date}.${cursor.id}` : null);

const blogRoutes: FastifyPluginAsync = async (app) => {
  const posts = createBlogPostsRepository(app.db);

  app.get('/api/blog/posts', async (request, reply) => {
    const { limit, cursor } = parseWith(ListQuerySchema, request.query);
    const page = await posts.listNewest({ limit, after: cursor });
    // Editors expect their post to show at once: no shared caching.
    reply.header('cache-control', 'no-cache');
    return { posts: page.posts, nextCursor: encodeCursor(page.next) };
  });

  app.post(
    '/api/blog/posts',
    {
      bodyLimit: FORM_BODY_LIMIT,
      preValidation: requireJsonBody,
      // Before the body is read: strangers get 401, not 413 or 415.
      onRequest: requireRight('blog:edit'),
    },
    async (request, reply) => {
      const input = parseWith(BlogPostInputSchema, request.body);
      const post = await posts.create({
        ...input,
        publishedOn: new Date().toISOString().slice(0, 10),
      });
      return reply.status(201).send(post);
    },
  );

  await app.register(blogSessionRoutes);
};

export default blogRoutes;
