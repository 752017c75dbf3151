CREATE TABLE "order_payments" (
	"order_id" text PRIMARY KEY NOT NULL,
	"roblox_user_id" text,
	"game_pass_id" text,
	"pass_price" integer NOT NULL,
	"pass_priced_at" integer,
	"pass_on_sale" boolean DEFAULT false NOT NULL,
	"pass_sync_at" timestamp with time zone,
	"pass_sync_failures" integer DEFAULT 0 NOT NULL,
	"pass_lease_until" timestamp with time zone,
	"embed_channel_id" text,
	"embed_message_id" text,
	"next_check_at" timestamp with time zone,
	"pressed" boolean DEFAULT false NOT NULL,
	"pressed_at" timestamp with time zone,
	"check_lease_until" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"last_check_result" text,
	"check_failures" integer DEFAULT 0 NOT NULL,
	"escalated_at" timestamp with time zone,
	"escalation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_price_positive" CHECK ("order_payments"."pass_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "roblox_inventory_reads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"pressed" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "edit_message_id" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_due_idx" ON "order_payments" USING btree ("next_check_at") WHERE "order_payments"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "order_payments_user_idx" ON "order_payments" USING btree ("roblox_user_id");--> statement-breakpoint
CREATE INDEX "order_payments_pass_sync_idx" ON "order_payments" USING btree ("pass_sync_at") WHERE "order_payments"."pass_sync_at" is not null;--> statement-breakpoint
CREATE INDEX "roblox_inventory_reads_at_idx" ON "roblox_inventory_reads" USING btree ("at");