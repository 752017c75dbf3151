import { and, eq, sql } from 'drizzle-orm';
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
/**
 * A stored block's version: its last write's time in microseconds, as text (exact, unlike a JS
 * Date). A save names the version it started from; a newer one means someone saved meanwhile.
 */
const versionOf = sql<string>`(extract(epoch from ${siteContent.updatedAt}) * 1000000)::bigint::text`;

/** The version a form started from: a stored block's, or null for the built-in default. */
export type ExpectedVersion = string | null;

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
    ): Promise<{ value: SiteContent[K]; stored: boolean; version: string | null }> {
      const [row] = await db
        .select({ value: siteContent.value, version: versionOf })
        .from(siteContent)
        .where(eq(siteContent.key, key));
      return {
        value: row ? storedOrDefault(key, row.value) : fallback[key],
        stored: !!row,
        version: row ? String(row.version) : null,
      };
    },

    /** Which blocks are stored (an executive saved them), whatever their value. */
    async storedKeys(): Promise<SiteContentKey[]> {
      const rows = await db.select({ key: siteContent.key }).from(siteContent);
      return SITE_CONTENT_KEYS.filter((key) => rows.some((row) => row.key === key));
    },

    /**
     * Stores a value the caller validated with SITE_CONTENT_SCHEMAS[key]. With `expected`, only
     * over that version (null: only while nothing is stored): false when someone saved or reset
     * the block meanwhile. Each check is one statement, so of two saves from one version one
     * wins and the other gets false.
     */
    async write<K extends SiteContentKey>(
      key: K,
      value: SiteContent[K],
      expected?: ExpectedVersion,
    ): Promise<boolean> {
      if (expected === undefined) {
        await db
          .insert(siteContent)
          .values({ key, value })
          .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedAt: sql`now()` } });
        return true;
      }
      const rows =
        expected === null
          ? await db
              .insert(siteContent)
              .values({ key, value })
              .onConflictDoNothing()
              .returning({ key: siteContent.key })
          : await db
              .update(siteContent)
              .set({
                value,
                updatedAt: sql`greatest(now(), ${siteContent.updatedAt} + interval '1 microsecond')`,
              })
              .where(and(eq(siteContent.key, key), sql`${versionOf} = ${expected}`))
              .returning({ key: siteContent.key });
      return rows.length > 0;
    },

    /** Back to the default; with `expected`, false when the block changed since that version. */
    async reset(key: SiteContentKey, expected?: ExpectedVersion): Promise<boolean> {
      if (expected === undefined || expected === null) {
        // From the default, or unchecked: nothing stored stays nothing stored.
        if (expected === null) {
          const [row] = await db
            .select({ key: siteContent.key })
            .from(siteContent)
            .where(eq(siteContent.key, key));
          if (row) return false;
        }
        await db.delete(siteContent).where(eq(siteContent.key, key));
        return true;
      }
      const deleted = await db
        .delete(siteContent)
        .where(and(eq(siteContent.key, key), sql`${versionOf} = ${expected}`))
        .returning({ key: siteContent.key });
      if (deleted.length > 0) return true;
      // Reset by someone else already: the block is the default either way.
      const [row] = await db
        .select({ key: siteContent.key })
        .from(siteContent)
        .where(eq(siteContent.key, key));
      return !row;
    },
  };
}
