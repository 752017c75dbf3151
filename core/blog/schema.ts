import { z } from 'zod';
import { PageSchema } from '../shared/page';

export const BLOG_TITLE_MAX = 200;
export const BLOG_CONTENT_MAX = 20000;
export const BLOG_PASSCODE_MAX = 200;

export const BlogPostInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(BLOG_TITLE_MAX, { error: `Title must be at most ${BLOG_TITLE_MAX} characters` }),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, { error: 'Content is required' })
    .max(BLOG_CONTENT_MAX, { error: `Content must be at most ${BLOG_CONTENT_MAX} characters` }),
});

// Not trimmed: a passcode is compared exactly as typed.
export const BlogPasscodeSchema = z
  .string({ error: 'Passcode is required' })
  .min(1, { error: 'Passcode is required' })
  .max(BLOG_PASSCODE_MAX, { error: `Passcode must be at most ${BLOG_PASSCODE_MAX} characters` });

export type BlogPostInput = z.output<typeof BlogPostInputSchema>;

/** The spec's blog post, as stored and as `GET /api/blog/posts` lists it. */
export const BlogPostSchema = z.object({
  id: z.number().int(),
  /** Its page is /blog/<slug>; set from the title on create, kept on edit. */
  slug: z.string(),
  title: z.string(),
  /** The spec's YYYY-MM-DD publication date. */
  date: z.iso.date(),
  content: z.string(),
  /**
   * The post's opening words on one line: its page's description and link previews. Made by
   * the server, so the browser's bundle does not carry the code.
   */
  description: z.string(),
});
export type BlogPost = z.output<typeof BlogPostSchema>;

/** `GET /api/blog/posts`: newest first. */
export const BlogPostsPageSchema = PageSchema(BlogPostSchema);
export type BlogPostsPage = z.output<typeof BlogPostsPageSchema>;

export { BLOG_POSTS_URL, blogPostBySlugUrl, blogPostUrl } from './post-page';
