CREATE TYPE "public"."payout_period" AS ENUM('week', 'month');--> statement-breakpoint
CREATE TABLE "payout_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL,
	"share_robux" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"designer_discord_id" text NOT NULL,
	"period" "payout_period" NOT NULL,
	"period_start" date NOT NULL,
	"amount_robux" integer NOT NULL,
	"paid_by_staff_id" integer,
	"paid_by_name" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_staff_id_staff_users_id_fk" FOREIGN KEY ("paid_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_orders_payout_idx" ON "payout_orders" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payouts_designer_idx" ON "payouts" USING btree ("designer_discord_id","period_start");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_staff_id_staff_users_id_fk" FOREIGN KEY ("handled_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_price_id_idx" ON "orders" USING btree ("price_robux","id");--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_price_idx" ON "orders" USING btree ("status","price_robux","id");--> statement-breakpoint
CREATE INDEX "orders_designer_created_idx" ON "orders" USING btree ("designer_discord_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_designer_price_idx" ON "orders" USING btree ("designer_discord_id","price_robux","id");--> statement-breakpoint
CREATE INDEX "orders_designer_status_idx" ON "orders" USING btree ("designer_discord_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_paid_status_idx" ON "orders" USING btree (("paid_at" is not null),"status","id");--> statement-breakpoint
CREATE INDEX "orders_qc_status_idx" ON "orders" USING btree ((case when qc_attempts = 0 then 'none' when qc_reviewed_by is null then 'pending' when qc_changes_reason is null then 'passed' else 'changes_requested' end),"status","id");--> statement-breakpoint
CREATE INDEX "orders_roblox_username_idx" ON "orders" USING btree (lower("customer_roblox_username"));--> statement-breakpoint
CREATE INDEX "orders_logged_idx" ON "orders" USING btree ("logged_at","designer_discord_id") WHERE "orders"."logged_at" is not null;
--> statement-breakpoint
-- Live updates (docs/decisions/022-payouts-and-live-updates.md): every change the dashboard shows or the
-- outbox worker waits for is announced on the channel 'lunar_changes', from inside the
-- transaction that makes it (Postgres delivers it at commit, never for a rollback). A trigger
-- rather than the repositories, so no write path (bot, web, seed, a psql session) can forget.
CREATE FUNCTION "lunar_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb := jsonb_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP));
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    payload := payload || jsonb_build_object(
      'id', NEW.id, 'designer', NEW.designer_discord_id, 'status', NEW.status);
  ELSIF TG_TABLE_NAME IN ('order_events', 'reviews') THEN
    payload := payload || jsonb_build_object('id', NEW.order_id, 'designer',
      (SELECT o.designer_discord_id FROM orders o WHERE o.id = NEW.order_id));
  ELSIF TG_TABLE_NAME = 'payouts' THEN
    payload := payload || jsonb_build_object('id', NEW.id, 'designer', NEW.designer_discord_id);
  ELSIF TG_TABLE_NAME = 'outbox' THEN
    -- due: the worker has something to send now (a new row, or one a person retried).
    payload := payload || jsonb_build_object('id', NEW.id, 'kind', NEW.kind, 'due',
      NEW.status = 'pending' AND NEW.next_attempt_at <= now()
        AND (NEW.locked_until IS NULL OR NEW.locked_until < now()));
  ELSE
    payload := payload || jsonb_build_object('id', NEW.id);
  END IF;
  PERFORM pg_notify('lunar_changes', payload::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_notify" AFTER INSERT OR UPDATE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "contact_messages_notify" AFTER INSERT OR UPDATE ON "contact_messages"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_notify" AFTER INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "order_events_notify" AFTER INSERT ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_notify" AFTER INSERT OR UPDATE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "payouts_notify" AFTER INSERT ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "outbox_notify" AFTER INSERT OR UPDATE ON "outbox"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
