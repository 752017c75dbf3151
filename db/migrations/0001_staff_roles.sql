ALTER TYPE "public"."staff_role" ADD VALUE 'designer' BEFORE 'lead';--> statement-breakpoint
ALTER TYPE "public"."staff_role" ADD VALUE 'payment_verifier' BEFORE 'lead';--> statement-breakpoint
ALTER TYPE "public"."staff_role" ADD VALUE 'owner';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_timeout_seconds" integer;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "roles" "staff_role"[] DEFAULT '{}'::staff_role[] NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "roles_checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written: each staff member keeps the one role they had.
UPDATE "staff_users" SET "roles" = ARRAY["role"];--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "role";--> statement-breakpoint
-- Hand-written: no sign-in ever made such rows, but one would block the constraint below.
DELETE FROM "sessions" WHERE ("scope" = 'staff') <> ("staff_user_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_user_matches_scope" CHECK (("sessions"."scope" = 'staff') = ("sessions"."staff_user_id" is not null));
