// What the route table needs to build a post's page, without zod: it is read by the server's
// page matching and by the browser's entry bundle.

export const BLOG_POSTS_URL = '/api/blog/posts';

/** One post's URL for edits and deletes. */
export function blogPostUrl(id: number): string {
  return `${BLOG_POSTS_URL}/${id}`;
}

/**
 * A post page's data: the list filtered by slug, so an unknown slug is an empty list (a 200
 * the page renders as its 404 content) rather than an error it would have to interpret.
 */
export function blogPostBySlugUrl(slug: string): string {
  // What apiUrl({ path: BLOG_POSTS_URL, params: { slug } }) builds (one parameter), inlined to
  // keep the browser's first load small; core/blog/post-page.test.ts holds the two together.
  return `${BLOG_POSTS_URL}?${new URLSearchParams({ slug })}`;
}

/** The post's page. */
export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

const DESCRIPTION_MAX = 160;

/** The page's description and og:description: the post's opening words, on one line. */
export function blogPostDescription(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 80 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
