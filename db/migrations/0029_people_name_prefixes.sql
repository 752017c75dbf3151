DROP INDEX "people_username_idx";--> statement-breakpoint
CREATE INDEX "people_username_pattern_idx" ON "people" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "people_global_name_pattern_idx" ON "people" USING btree (lower("global_name") text_pattern_ops);