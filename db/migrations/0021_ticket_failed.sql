-- The new status is used by the index below in this same migration, which ALTER TYPE ... ADD
-- VALUE does not allow inside a transaction: the type is made again instead.
ALTER TYPE "public"."ticket_status" RENAME TO "ticket_status_before_failed";--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('opening', 'open', 'claimed', 'awaiting_customer', 'closed', 'failed');--> statement-breakpoint
DROP INDEX "tickets_one_open_idx";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "status" SET DATA TYPE "public"."ticket_status" USING "status"::text::"public"."ticket_status";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "status" SET DEFAULT 'opening';--> statement-breakpoint
DROP TYPE "public"."ticket_status_before_failed";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "join_refusal" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_open_idx" ON "tickets" USING btree ("customer_discord_id","service_key") WHERE "tickets"."exclusive" and "tickets"."status" not in ('closed', 'failed');
