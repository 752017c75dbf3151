import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  BLOG_POSTS_URL,
  type BlogPost,
  BlogPostInputSchema,
  type BlogPostsPage,
} from '../../../core/blog/schema';
import { KeysetIdSchema, PageQuerySchema } from '../../../core/shared/page';
import {
  BLOG_PAGE_MAX,
  BlogCursorSchema,
  createBlogPostsRepository,
} from '../../../db/repositories/blog-posts';
import { bumpContentVersion } from '../../../db/repositories/content-version';
import { HttpError, parseWith } from '../../http-errors';
import { requireRight } from '../../plugins/auth';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';
import blogSessionRoutes from './session';

const BLOG_PAGE_DEFAULT = 20;

const ListQuerySchema = PageQuerySchema(BlogCursorSchema, {
  defaultLimit: BLOG_PAGE_DEFAULT,
  maxLimit: BLOG_PAGE_MAX,
}).extend({
  // `?slug=`: the one post at /blog/<slug>, or none. Any string is accepted and a malformed one
  // simply matches nothing, so a post page asking for a made-up address gets an empty list.
  slug: z.string().max(1000).optional(),
});

const PostIdSchema = z.object({ id: z.coerce.number().pipe(KeysetIdSchema) });
const notFound = () => new HttpError(404, 'No such post.');

const blogRoutes: FastifyPluginAsync = async (app) => {
  const posts = createBlogPostsRepository(app.db);

  app.get(BLOG_POSTS_URL, async (request, reply): Promise<BlogPostsPage> => {
    const { limit, cursor, slug } = parseWith(ListQuerySchema, request.query);
    // Editors expect their post to show at once: no shared caching.
    reply.header('cache-control', 'no-cache');
    if (slug !== undefined) {
      const post = await posts.findBySlug(slug);
      return { items: post ? [post] : [], nextCursor: null };
    }
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

  app.put(
    `${BLOG_POSTS_URL}/:id`,
    {
      bodyLimit: FORM_BODY_LIMIT,
      preValidation: requireJsonBody,
      onRequest: requireRight('blog:edit'),
    },
    async (request) => {
      const { id } = parseWith(PostIdSchema, request.params);
      const input = parseWith(BlogPostInputSchema, request.body);
      const post = await posts.update(id, input);
      if (!post) throw notFound();
      // The post's page and the list show it: the page cache renders them again.
      await bumpContentVersion(app.db, 'blog post edited');
      return post;
    },
  );

  app.delete(
    `${BLOG_POSTS_URL}/:id`,
    { onRequest: requireRight('blog:edit') },
    async (request, reply) => {
      const { id } = parseWith(PostIdSchema, request.params);
      if (!(await posts.delete(id))) throw notFound();
      await bumpContentVersion(app.db, 'blog post deleted');
      return reply.status(204).send();
    },
  );

  await app.register(blogSessionRoutes);
};

export default blogRoutes;
