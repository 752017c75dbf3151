ALTER TYPE "public"."outbox_kind" ADD VALUE 'application_decision';--> statement-breakpoint
DROP INDEX "applications_status_submitted_idx";--> statement-breakpoint
DROP INDEX "applications_type_submitted_idx";--> statement-breakpoint
DROP INDEX "applications_submitted_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, roblox_username || ' ' || discord_username) || jsonb_to_tsvector('simple'::regconfig, answers, '["string"]'::jsonb)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_submitted_id_idx" ON "applications" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_status_submitted_id_idx" ON "applications" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_type_submitted_id_idx" ON "applications" USING btree ("type","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_username_id_idx" ON "applications" USING btree (lower("roblox_username"),"id");--> statement-breakpoint
CREATE INDEX "applications_status_id_idx" ON "applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin ("search");