CREATE INDEX "orders_paid_at_id_idx" ON "orders" USING btree ("paid_at","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_status_paid_at_idx" ON "orders" USING btree ("status","paid_at","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "order_payments_last_check_idx" ON "order_payments" USING btree ("last_check_at","order_id") WHERE "order_payments"."last_check_at" is not null;--> statement-breakpoint
CREATE INDEX "people_nick_pattern_idx" ON "people" USING btree (lower("nick") text_pattern_ops);