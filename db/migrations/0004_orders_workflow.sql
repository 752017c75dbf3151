ALTER TYPE "public"."outbox_kind" ADD VALUE 'order_message';--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"channel_key" text,
	"channel_id" text,
	"dm_user_id" text,
	"payload" jsonb NOT NULL,
	"fallback_payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_has_target" CHECK ("order_messages"."channel_key" is not null or "order_messages"."channel_id" is not null),
	CONSTRAINT "order_messages_dm_fallback" CHECK ("order_messages"."dm_user_id" is null or ("order_messages"."channel_id" is not null and "order_messages"."fallback_payload" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "ticket_channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "comment" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_verified_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "qc_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "qc_submitted_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "work_file_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "qc_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "qc_changes_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "logged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "designer_share_robux" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "publish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_discord_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_qc_attempts_nonnegative" CHECK ("orders"."qc_attempts" >= 0);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comment_length" CHECK (char_length("reviews"."comment") <= 1000);