import type { FastifyPluginAsync } from 'fastify';
import {
  BLOG_POSTS_URL,
  type BlogPost,
  BlogPostInputSchema,
  type BlogPostsPage,
} from '../../../core/blog/schema';
import { PageQuerySchema } from '../../../core/shared/page';
import {
  BLOG_PAGE_MAX,
  BlogCursorSchema,
  createBlogPostsRepository,
} from '../../../db/repositories/blog-posts';
import { bumpContentVersion } from '../../../db/repositories/content-version';
import { parseWith } from '../../http-errors';
import { requireRight } from '../../plugins/auth';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';
import blogSessionRoutes from './session';

export const BLOG_PAGE_DEFAULT = 20;

const ListQuerySchema = PageQuerySchema(BlogCursorSchema, {
  defaultLimit: BLOG_PAGE_DEFAULT,
  maxLimit: BLOG_PAGE_MAX,
});

const blogRoutes: FastifyPluginAsync = async (app) => {
  const posts = createBlogPostsRepository(app.db);

  app.get(BLOG_POSTS_URL, async (request, reply): Promise<BlogPostsPage> => {
    const { limit, cursor } = parseWith(ListQuerySchema, request.query);
    // Editors expect their post to show at once: no shared caching.
    reply.header('cache-control', 'no-cache');
    return posts.listNewest({ limit, after: cursor });
  });

  app.post(
    BLOG_POSTS_URL,
    {
      bodyLimit: FORM_BODY_LIMIT,
      preValidation: requireJsonBody,
      // Before the body is read: strangers get 401, not 413 or 415.
      onRequest: requireRight('blog:edit'),
    },
    async (request, reply) => {
      const input = parseWith(BlogPostInputSchema, request.body);
      const post: BlogPost = await app.db.transaction(async (tx) => {
        const created = await posts.create(
          { ...input, publishedOn: new Date().toISOString().slice(0, 10) },
          tx,
        );
        // The blog pages show it: the page cache renders them again.
        await bumpContentVersion(tx, 'blog post created');
        return created;
      });
      return reply.status(201).send(post);
    },
  );

  await app.register(blogSessionRoutes);
};

export default blogRoutes;
