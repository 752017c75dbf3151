import { z } from 'zod';

// A post's address under /blog/: lowercase ASCII words joined by hyphens, derived from the
// title once when the post is created and never changed afterwards (links shared in Discord
// keep working after an edit). Titles with nothing to keep (emoji only) become 'post'.

const BLOG_SLUG_MAX = 80;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug as it may appear in a URL; anything else names no post (a 404, never a query). */
const BlogSlugSchema = z
  .string()
  .max(BLOG_SLUG_MAX + 8)
  .regex(SLUG_PATTERN);

export function isBlogSlug(value: string): boolean {
  return BlogSlugSchema.safeParse(value).success;
}

/** 'Welcome to Lunar!' → 'welcome-to-lunar'; accents lose their marks ('Café' → 'cafe'). */
export function slugifyTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, BLOG_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'post';
}

/**
 * The first free slug for `base` given the slugs already taken that start with it:
 * `base`, then `base-2`, `base-3`…
 */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
