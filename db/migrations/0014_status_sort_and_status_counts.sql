-- docs/decisions/030-status-sort-and-status-counts.md
-- 1. A status-sorted search asks one status' matches (db/repositories/application-list.ts): a
-- GIN index of the words and the status (btree_gin gives GIN the status' equality), replacing
-- the index of the words alone, which serves a search without a status as before.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "applications_search_idx";--> statement-breakpoint
CREATE INDEX "applications_status_search_idx" ON "applications" USING gin ("status","search");--> statement-breakpoint
-- 2. Rows per status of applications and orders, for the Overview, kept by statement triggers:
-- one upsert per status a statement touched, whatever its number of rows.
CREATE TABLE "status_counts" (
	"table_name" text NOT NULL,
	"status" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "status_counts_table_name_status_pk" PRIMARY KEY("table_name","status")
);
--> statement-breakpoint
-- Counters are upserted in the status' text order, so two statements never wait for each
-- other's counters in opposite orders.
CREATE FUNCTION "lunar_count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM status_counts WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO status_counts AS counted (table_name, status, total)
      SELECT TG_TABLE_NAME, status::text, count(*) FROM new_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT (table_name, status) DO UPDATE SET total = counted.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO status_counts AS counted (table_name, status, total)
      SELECT TG_TABLE_NAME, status::text, -count(*) FROM old_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT (table_name, status) DO UPDATE SET total = counted.total + excluded.total;
  ELSE
    -- Every UPDATE statement comes here (a trigger with transition tables cannot be limited
    -- to a column); only a changed status touches a counter.
    INSERT INTO status_counts AS counted (table_name, status, total)
      SELECT TG_TABLE_NAME, status, sum(change) FROM (
        SELECT status::text AS status, 1 AS change FROM new_rows
        UNION ALL SELECT status::text, -1 FROM old_rows
      ) AS changes GROUP BY 2 HAVING sum(change) <> 0 ORDER BY 2
      ON CONFLICT (table_name, status) DO UPDATE SET total = counted.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_count_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "applications_count_update" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "applications_count_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "applications_count_truncate" AFTER TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "orders_count_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "orders_count_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "orders_count_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
CREATE TRIGGER "orders_count_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "lunar_count_statuses"();
--> statement-breakpoint
-- ALWAYS: the counts stay exact also through a bulk load that sets session_replication_role
-- to replica to skip the NOTIFY triggers (the benches' seeds do).
ALTER TABLE "applications" ENABLE ALWAYS TRIGGER "applications_count_insert";--> statement-breakpoint
ALTER TABLE "applications" ENABLE ALWAYS TRIGGER "applications_count_update";--> statement-breakpoint
ALTER TABLE "applications" ENABLE ALWAYS TRIGGER "applications_count_delete";--> statement-breakpoint
ALTER TABLE "applications" ENABLE ALWAYS TRIGGER "applications_count_truncate";--> statement-breakpoint
ALTER TABLE "orders" ENABLE ALWAYS TRIGGER "orders_count_insert";--> statement-breakpoint
ALTER TABLE "orders" ENABLE ALWAYS TRIGGER "orders_count_update";--> statement-breakpoint
ALTER TABLE "orders" ENABLE ALWAYS TRIGGER "orders_count_delete";--> statement-breakpoint
ALTER TABLE "orders" ENABLE ALWAYS TRIGGER "orders_count_truncate";--> statement-breakpoint
-- The rows already there. Exact: CREATE TRIGGER above holds a lock that keeps writers of both
-- tables out until this migration commits, and this statement sees every row committed before.
INSERT INTO "status_counts" ("table_name", "status", "total")
  SELECT 'applications', status::text, count(*) FROM "applications" GROUP BY status
  UNION ALL
  SELECT 'orders', status::text, count(*) FROM "orders" GROUP BY status;
