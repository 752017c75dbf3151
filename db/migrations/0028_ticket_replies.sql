ALTER TABLE "tickets" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_by" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_last_message_by" CHECK ("tickets"."last_message_by" in ('customer', 'staff'));--> statement-breakpoint
-- A message in a ticket's channel moves only last_message_at and last_activity_at while the
-- same side keeps writing: announcing each would refetch every open dashboard per message of a
-- busy channel (and serialise commits on the NOTIFY lock, migration 0013). Updates that change
-- anything else (who wrote last included) are announced as before; inserts always.
DROP TRIGGER "tickets_notify" ON "tickets";--> statement-breakpoint
CREATE TRIGGER "tickets_notify" AFTER INSERT ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();--> statement-breakpoint
CREATE TRIGGER "tickets_notify_update" AFTER UPDATE ON "tickets"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_message_at' - 'last_activity_at')
    IS DISTINCT FROM (to_jsonb(NEW) - 'last_message_at' - 'last_activity_at'))
  EXECUTE FUNCTION "lunar_notify_change"();
