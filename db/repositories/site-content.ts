import { eq, sql } from 'drizzle-orm';
import {
  SITE_CONTENT_DEFAULTS,
  SITE_CONTENT_KEYS,
  type SiteContent,
  type SiteContentKey,
} from '../../core/site/site-content';
import { SITE_CONTENT_SCHEMAS } from '../../core/site/site-content-schema';
import type { Executor } from '../client';
import { siteContent } from '../schema';

/**
 * The site's editable blocks. `defaults` replaces core/site's for some keys: the settings'
 * come from the configuration (defaultStudioSettings).
 */
export function createSiteContentRepository(db: Executor, defaults: Partial<SiteContent> = {}) {
  const fallback: SiteContent = { ...SITE_CONTENT_DEFAULTS, ...defaults };

  /** The stored value of `key` if it (still) fits its schema, else the default. */
  function storedOrDefault<K extends SiteContentKey>(key: K, stored: unknown): SiteContent[K] {
    const parsed = SITE_CONTENT_SCHEMAS[key].safeParse(stored);
    return parsed.success ? (parsed.data as SiteContent[K]) : fallback[key];
  }

  return {
    /** Every block, stored or default: what the public pages show. */
    async readAll(): Promise<SiteContent> {
      const rows = await db.select().from(siteContent);
      const content = { ...fallback };
      for (const key of SITE_CONTENT_KEYS) {
        const row = rows.find((one) => one.key === key);
        if (row) Object.assign(content, { [key]: storedOrDefault(key, row.value) });
      }
      return content;
    },

    async read<K extends SiteContentKey>(
      key: K,
    ): Promise<{ value: SiteContent[K]; stored: boolean }> {
      const [row] = await db.select().from(siteContent).where(eq(siteContent.key, key));
      return { value: row ? storedOrDefault(key, row.value) : fallback[key], stored: !!row };
    },

    /** Which blocks are stored (an executive saved them), whatever their value. */
    async storedKeys(): Promise<SiteContentKey[]> {
      const rows = await db.select({ key: siteContent.key }).from(siteContent);
      return SITE_CONTENT_KEYS.filter((key) => rows.some((row) => row.key === key));
    },

    /** Stores a value the caller validated with SITE_CONTENT_SCHEMAS[key]. */
    async write<K extends SiteContentKey>(key: K, value: SiteContent[K]): Promise<void> {
      await db
        .insert(siteContent)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedAt: sql`now()` } });
    },

    /** Back to the default. */
    async reset(key: SiteContentKey): Promise<void> {
      await db.delete(siteContent).where(eq(siteContent.key, key));
    },
  };
}
