ALTER TYPE "public"."outbox_kind" ADD VALUE 'ticket_claim';--> statement-breakpoint
CREATE TABLE "ticket_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "ticket_counter_one_row" CHECK ("ticket_counter"."id" = 1)
);
--> statement-breakpoint
-- Numbers go on after the highest given so far (the sequence's skips stay where they are).
INSERT INTO "ticket_counter" ("id", "last_number") SELECT 1, coalesce(max("id"), 0) FROM "tickets";--> statement-breakpoint
-- The column is already an integer (serial): only its sequence goes, which a new ticket no
-- longer takes numbers from ("id" is used by the generated "order_id", so its type is left alone).
ALTER TABLE "tickets" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "tickets_id_seq";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "intake_message_id" text;
