CREATE TYPE "public"."ticket_source" AS ENUM('discord', 'site');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('opening', 'open', 'claimed', 'awaiting_customer', 'closed');--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'ticket_open';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'ticket_close';--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"type" text NOT NULL,
	"actor_discord_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"discord_message_id" text NOT NULL,
	"author_discord_id" text NOT NULL,
	"author_name" text NOT NULL,
	"author_is_bot" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"embeds_text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text GENERATED ALWAYS AS ('ticket-' || lpad(id::text, 4, '0')) STORED NOT NULL,
	"status" "ticket_status" DEFAULT 'opening' NOT NULL,
	"source" "ticket_source" NOT NULL,
	"customer_discord_id" text NOT NULL,
	"service_key" text NOT NULL,
	"service_label" text NOT NULL,
	"request" text NOT NULL,
	"budget_robux" integer NOT NULL,
	"deadline" text NOT NULL,
	"roblox_username" text NOT NULL,
	"exclusive" boolean DEFAULT true NOT NULL,
	"channel_id" text,
	"claimant_discord_id" text,
	"claimed_at" timestamp with time zone,
	"close_requested_by" text,
	"close_requested_at" timestamp with time zone,
	"closed_by" text,
	"close_reason" text,
	"closed_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inactivity_warned_at" timestamp with time zone,
	"transcript_stored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_budget_positive" CHECK ("tickets"."budget_robux" > 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_messages_message_idx" ON "ticket_messages" USING btree ("ticket_id","discord_message_id");--> statement-breakpoint
CREATE INDEX "ticket_messages_sent_idx" ON "ticket_messages" USING btree ("ticket_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_open_idx" ON "tickets" USING btree ("customer_discord_id","service_key") WHERE "tickets"."exclusive" and "tickets"."status" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_order_id_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_channel_idx" ON "tickets" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "tickets_customer_idx" ON "tickets" USING btree ("customer_discord_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","last_activity_at");--> statement-breakpoint
CREATE INDEX "tickets_claimant_idx" ON "tickets" USING btree ("claimant_discord_id","status");