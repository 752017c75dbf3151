ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_name" text;--> statement-breakpoint
CREATE INDEX "reviews_testimonials_idx" ON "reviews" USING btree ("id" DESC NULLS LAST) WHERE "reviews"."publish" and not "reviews"."hidden";