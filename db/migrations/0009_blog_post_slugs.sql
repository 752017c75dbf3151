-- Every post gets its own page at /blog/<slug>. Existing posts are backfilled from their
-- titles the way core/blog/slug.ts derives them (accents become hyphens here: the database
-- has no unaccent), the oldest post keeping the plain slug and later ones getting -2, -3…
ALTER TABLE "blog_posts" ADD COLUMN "slug" text;--> statement-breakpoint
WITH "derived" AS (
  SELECT "id", coalesce(nullif(trim(BOTH '-' FROM left(regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'post') AS "base"
  FROM "blog_posts"
), "numbered" AS (
  SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "id") AS "n" FROM "derived"
)
UPDATE "blog_posts" SET "slug" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."base" ELSE "numbered"."base" || '-' || "numbered"."n" END
FROM "numbered" WHERE "numbered"."id" = "blog_posts"."id";--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_idx" ON "blog_posts" USING btree ("slug");
