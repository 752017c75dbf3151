CREATE TABLE "worker_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_queue_idx" ON "tickets" USING btree ("id") WHERE "tickets"."queued_at" is not null and "tickets"."status" = 'opening';