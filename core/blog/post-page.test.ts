import { describe, expect, it } from 'vitest';
import { apiUrl } from '../site/api-url';
import { BLOG_POSTS_URL, blogPostBySlugUrl, blogPostDescription } from './post-page';
import { nextFreeSlug, slugifyTitle } from './slug';

describe('blog post pages', () => {
  it('asks for a post by slug under the key the browser caches it by', () => {
    for (const slug of ['welcome-to-lunar', 'a b', '%00', 'é/?&#']) {
      expect(blogPostBySlugUrl(slug)).toBe(apiUrl({ path: BLOG_POSTS_URL, params: { slug } }));
    }
  });

  it('derives slugs from titles, then -2, -3…', () => {
    expect(slugifyTitle('Welcome to Lunar!')).toBe('welcome-to-lunar');
    expect(slugifyTitle('Café  Déjà-vu ')).toBe('cafe-deja-vu');
    expect(slugifyTitle('🌙')).toBe('post');
    expect(slugifyTitle('x'.repeat(300))).toHaveLength(80);
    expect(nextFreeSlug('launch', [])).toBe('launch');
    expect(nextFreeSlug('launch', ['launch', 'launch-2'])).toBe('launch-3');
  });

  it('describes a post by its opening words, on one line, cut at a word', () => {
    expect(blogPostDescription('Short\n\ntext')).toBe('Short text');
    const long = blogPostDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});
