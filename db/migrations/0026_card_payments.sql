CREATE TABLE "order_card_payments" (
	"order_id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"session_id" text,
	"session_url" text,
	"session_amount" integer,
	"session_expires_at" timestamp with time zone,
	"session_count" integer DEFAULT 0 NOT NULL,
	"session_status" text,
	"payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"embed_channel_id" text,
	"embed_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_card_payments_amount_positive" CHECK ("order_card_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"order_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"refunded_by" text NOT NULL,
	"status" text NOT NULL,
	"stripe_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_with" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_card_payments" ADD CONSTRAINT "order_card_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_card_payments_session_idx" ON "order_card_payments" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "order_card_payments_intent_idx" ON "order_card_payments" USING btree ("payment_intent_id");