import { z } from 'zod';
import { PageSchema } from '../shared/page';
import { text } from '../shared/text';
import { measureText } from '../shared/text-length';
import { BLOG_CONTENT_MAX, BLOG_PASSCODE_MAX, BLOG_TITLE_MAX } from './limits';

export const BlogPostInputSchema = z.object({
  title: text('Title', { min: 1, max: BLOG_TITLE_MAX }),
  content: text('Content', { min: 1, max: BLOG_CONTENT_MAX }),
});

// Not trimmed nor normalised: a passcode is compared exactly as typed, never stored. It is only
// counted the one way (core/shared/text), so the sign-in field stops where this does.
export const BlogPasscodeSchema = z
  .string({ error: 'Passcode is required' })
  .min(1, { error: 'Passcode is required' })
  .refine((passcode) => measureText(passcode) <= BLOG_PASSCODE_MAX, {
    error: `Passcode must be at most ${BLOG_PASSCODE_MAX} characters`,
  });

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

export { BLOG_POSTS_URL } from './post-page';
