DROP INDEX "orders_roblox_username_idx";--> statement-breakpoint
CREATE INDEX "applications_decided_id_idx" ON "applications" USING btree ("decided_at","id");--> statement-breakpoint
CREATE INDEX "orders_roblox_username_pattern_idx" ON "orders" USING btree (lower("customer_roblox_username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_id_pattern_idx" ON "orders" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_updated_id_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_sort_idx" ON "orders" USING btree (lower("customer_roblox_username"),"id");