import { and, desc, eq, like, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { blogPostDescription } from '../../core/blog/post-page';
import type { BlogPost, BlogPostInput } from '../../core/blog/schema';
import { isBlogSlug, nextFreeSlug, slugifyTitle } from '../../core/blog/slug';
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
type BlogCursor = z.output<typeof BlogCursorSchema>;

const columns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  date: blogPosts.publishedOn,
  content: blogPosts.content,
};

type PostRow = Omit<BlogPost, 'description'>;
const withDescription = (row: PostRow): BlogPost => ({
  ...row,
  description: blogPostDescription(row.content),
});

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
      const items = rows.slice(0, size).map(withDescription);
      const last = items.at(-1);
      return {
        items,
        nextCursor:
          rows.length > size && last ? encodeCursor({ date: last.date, id: last.id }) : null,
      };
    },

    /** Every post's slug, newest first (sitemap.xml lists their pages). */
    async listSlugs(): Promise<string[]> {
      const rows = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .orderBy(desc(blogPosts.publishedOn), desc(blogPosts.id));
      return rows.map((row) => row.slug);
    },

    /** The post at /blog/<slug>; a string that cannot be a slug names none (no query). */
    async findBySlug(slug: string): Promise<BlogPost | null> {
      if (!isBlogSlug(slug)) return null;
      const [row] = await db.select(columns).from(blogPosts).where(eq(blogPosts.slug, slug));
      return row ? withDescription(row) : null;
    },

    /**
     * Stores a post under the first free slug of its title ('launch', 'launch-2'…). Two
     * editors saving the same title at once: the unique index lets one insert win, and the
     * other (nothing returned) looks again and takes the next number.
     */
    async create(
      input: BlogPostInput & { publishedOn: string; author?: string | null },
      tx?: Transaction,
    ): Promise<BlogPost> {
      const executor = tx ?? db;
      const base = slugifyTitle(input.title);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const taken = await executor
          .select({ slug: blogPosts.slug })
          .from(blogPosts)
          .where(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)));
        const [row] = await executor
          .insert(blogPosts)
          .values({
            slug: nextFreeSlug(
              base,
              taken.map((post) => post.slug),
            ),
            title: input.title,
            content: input.content,
            publishedOn: input.publishedOn,
            author: input.author ?? null,
          })
          .onConflictDoNothing({ target: blogPosts.slug })
          .returning(columns);
        if (row) return withDescription(row);
      }
      throw new Error(`blog post: no free slug for "${base}" after 5 tries`);
    },

    /** New title and content; the slug stays, so the post's links keep working. */
    async update(id: number, input: BlogPostInput): Promise<BlogPost | null> {
      const [row] = await db
        .update(blogPosts)
        .set({ title: input.title, content: input.content })
        .where(eq(blogPosts.id, id))
        .returning(columns);
      return row ? withDescription(row) : null;
    },

    /** True when there was such a post. */
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(blogPosts)
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id });
      return rows.length > 0;
    },
  };
}
