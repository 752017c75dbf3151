CREATE TABLE "customer_accounts" (
	"discord_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"scopes" text DEFAULT '' NOT NULL,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"discord_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_timeout_seconds" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_discord_id_customer_accounts_discord_id_fk" FOREIGN KEY ("discord_id") REFERENCES "public"."customer_accounts"("discord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customer_sessions_customer_idx" ON "customer_sessions" USING btree ("discord_id");--> statement-breakpoint
-- The dashboard's Tickets page updates live, like the orders list (db/changes.ts).
CREATE TRIGGER "tickets_notify" AFTER INSERT OR UPDATE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "lunar_notify_change"();
