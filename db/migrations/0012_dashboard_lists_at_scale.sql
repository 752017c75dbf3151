DROP INDEX "applications_username_id_idx";--> statement-breakpoint
DROP INDEX "applications_status_id_idx";--> statement-breakpoint
DROP INDEX "orders_price_id_idx";--> statement-breakpoint
DROP INDEX "orders_status_id_idx";--> statement-breakpoint
DROP INDEX "orders_paid_status_idx";--> statement-breakpoint
CREATE INDEX "applications_type_status_id_idx" ON "applications" USING btree ("type","status","id");--> statement-breakpoint
CREATE INDEX "applications_status_username_id_idx" ON "applications" USING btree ("status",lower("roblox_username"),"id");--> statement-breakpoint
CREATE INDEX "applications_username_cover_idx" ON "applications" USING btree (lower("roblox_username"),"id","roblox_username","submitted_at");--> statement-breakpoint
CREATE INDEX "applications_status_cover_idx" ON "applications" USING btree ("status","id","submitted_at");--> statement-breakpoint
CREATE INDEX "orders_price_cover_idx" ON "orders" USING btree ("price_robux","id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_cover_idx" ON "orders" USING btree ("status","id","created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_status_id_idx" ON "orders" USING btree ("status","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_unpaid_status_id_idx" ON "orders" USING btree ("status","id") WHERE "orders"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "orders_unpaid_price_id_idx" ON "orders" USING btree ("price_robux","id") WHERE "orders"."paid_at" is null;