import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { BlogPostInput } from '../../core/blog/schema';
import type { Database } from '../client';
import { blogPosts } from '../schema';

/** The spec's Blog post: id, title, date (YYYY-MM-DD), content. */
export type BlogPost = { id: number; title: string; date: string; content: string };

/** Position after which the next page starts: the last post's date and id. */
export type BlogCursor = { date: string; id: number };

export const BLOG_PAGE_MAX = 50;

const columns = {
  id: blogPosts.id,
  title: blogPosts.title,
  date: blogPosts.publishedOn,
  content: blogPosts.content,
};

export function createBlogPostsRepository(db: Database) {
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
    }): Promise<{ posts: BlogPost[]; next: BlogCursor | null }> {
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
      const posts = rows.slice(0, size);
      const last = posts[posts.length - 1];
      return { posts, next: rows.length > size && last ? { date: last.date, id: last.id } : null };
    },

    async create(
      input: BlogPostInput & { publishedOn: string; author?: string | null },
    ): Promise<BlogPost> {
      const [row] = await db
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
