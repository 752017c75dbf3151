import { createHash } from 'node:crypto';

/**
 * Prerendered HTML by URL and the exact data it shows: the same data renders the same
 * markup, so a hit skips React entirely and a change in the data is never served stale.
 * Least recently used entries go first; the bound keeps arbitrary URLs from growing it.
 */
export function createRenderCache(limit = 200) {
  const entries = new Map<string, string>();
  return {
    async render(url: string, data: unknown, render: () => Promise<string>): Promise<string> {
      const key = createHash('sha1')
        .update(url)
        .update('\0')
        .update(JSON.stringify(data))
        .digest('hex');
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const html = await render();
      entries.set(key, html);
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
      return html;
    },
    get size() {
      return entries.size;
    },
  };
}
