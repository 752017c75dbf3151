import { and, desc, eq, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { BlogPost, BlogPostInput } from '../../core/blog/schema';
import { CursorSchema, encodeCursor, KeysetIdSchema, type Page } from '../../core/shared/page';
import type { Executor, Transaction } from '../client';
import { blogPosts } from '../schema';

export const BLOG_PAGE_MAX = 50;

/**
 * The list's position: the last post of the previous page. Year 1 onwards: Postgres has no
 * year 0, and a date it refuses must be a 400, not a failed query.
 */
export const BlogCursorSchema = CursorSchema(
  z.object({ date: z.iso.date().refine((date) => date >= '0001-01-01'), id: KeysetIdSchema }),
);
export type BlogCursor = z.output<typeof BlogCursorSchema>;

const columns = {
  id: blogPosts.id,
  title: blogPosts.title,
  date: blogPosts.publishedOn,
  content: blogPosts.content,
};

export function createBlogPostsRepository(db: Executor) {
  return {
    /**
     * Newest first (date, then id, so posts of the same day keep their order). Keyset
     * pagination: a post published while someone pages never shifts the pages they see.
     */
    async listNewest({
      limit,
      after,
    }: {
      limit: number;
      after?: BlogCursor;
    }): Promise<Page<BlogPost>> {
      const size = Math.min(Math.max(1, Math.trunc(limit)), BLOG_PAGE_MAX);
      const rows = await db
        .select(columns)
        .from(blogPosts)
        .where(
          after
            ? or(
                lt(blogPosts.publishedOn, after.date),
                and(eq(blogPosts.publishedOn, after.date), lt(blogPosts.id, after.id)),
              )
            : undefined,
        )
        .orderBy(desc(blogPosts.publishedOn), desc(blogPosts.id))
        .limit(size + 1);
      const items = rows.slice(0, size);
      const last = items.at(-1);
      return {
        items,
        nextCursor:
          rows.length > size && last ? encodeCursor({ date: last.date, id: last.id }) : null,
      };
    },

    async create(
      input: BlogPostInput & { publishedOn: string; author?: string | null },
      tx?: Transaction,
    ): Promise<BlogPost> {
      const [row] = await (tx ?? db)
        .insert(blogPosts)
        .values({
          title: input.title,
          content: input.content,
          publishedOn: input.publishedOn,
          author: input.author ?? null,
        })
        .returning(columns);
      if (!row) throw new Error('blog post insert returned nothing');
      return row;
    },
  };
}

export type BlogPostsRepository = ReturnType<typeof createBlogPostsRepository>;
