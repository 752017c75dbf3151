import { boolean, date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    // The post's address (/blog/<slug>), unique; see core/blog/slug.ts.
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    // The spec's YYYY-MM-DD date shown on the post.
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    author: text('author'),
    // The seed's welcome post (db/seed.ts); see team_members.demo.
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('blog_posts_newest_idx').on(table.publishedOn.desc(), table.id.desc()),
    uniqueIndex('blog_posts_slug_idx').on(table.slug),
  ],
);
