ALTER TABLE "application_images" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "application_images" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "application_images_hash_idx" ON "application_images" USING btree ("content_hash");