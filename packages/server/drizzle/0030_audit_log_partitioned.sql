-- audit_log range-partitioned by month (UTC months), the same on PostgreSQL and PGlite.
-- The rows of the unpartitioned table are moved into the new one, with their ids; the id sequence is kept,
-- so ids stay unique and increasing (a partitioned table's key must hold the partition column: the primary
-- key is (id, event_at); nextval never hands out an id twice).
-- The append-only guarantee: the row trigger (UPDATE, DELETE) on the parent is cloned by PostgreSQL onto every
-- partition, present and future; a TRUNCATE trigger is per table, so audit_log_ensure_partition adds it to
-- every partition it creates (and to the DEFAULT one).
DROP INDEX IF EXISTS "audit_log_entity_time_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_patient_id_index";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_keyset_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_user_keyset_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_object_keyset_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_related_patients_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_patient_keyset_idx";--> statement-breakpoint
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_unpartitioned_pkey";--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "audit_log" (
  LIKE "audit_log_unpartitioned" INCLUDING DEFAULTS,
  CONSTRAINT "audit_log_id_event_at_pk" PRIMARY KEY ("id", "event_at")
) PARTITION BY RANGE ("event_at");--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";--> statement-breakpoint
CREATE INDEX "audit_log_entity_time_idx" ON "audit_log" USING btree ("entity_id","event_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "audit_log_patient_id_index" ON "audit_log" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "audit_log_keyset_idx" ON "audit_log" USING btree ("entity_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_user_keyset_idx" ON "audit_log" USING btree ("entity_id","user_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_object_keyset_idx" ON "audit_log" USING btree ("entity_id","object_type","object_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_related_patients_idx" ON "audit_log" USING gin ("related_patient_ids");--> statement-breakpoint
CREATE INDEX "audit_log_patient_keyset_idx" ON "audit_log" USING btree ("entity_id","patient_id","event_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
-- Creates a partition (as a table PARTITION OF audit_log with its TRUNCATE trigger); the caller holds the lock.
CREATE OR REPLACE FUNCTION audit_log_create_partition(part text, bounds text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TABLE %I PARTITION OF audit_log %s', part, bounds);
  EXECUTE format('CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON %I '
    'FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()', part);
END $$;--> statement-breakpoint
-- The month partition holding `month_start` (audit_log_YYYY_MM, UTC month), unless it exists; true when it
-- was created. Safe with several instances: an advisory transaction lock, then a second look. Rows of that
-- month that already landed in the DEFAULT partition are moved: the DEFAULT partition is detached and set
-- aside, a new empty one takes its place, the month is created and the set-aside rows are inserted again
-- (each into its partition, ids kept) — no UPDATE or DELETE of a log row, so the guarantee holds throughout.
CREATE OR REPLACE FUNCTION audit_log_ensure_partition(month_start date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', month_start)::date;
  part text := 'audit_log_' || to_char(m, 'YYYY_MM');
  lo timestamptz := m::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (m + interval '1 month')::timestamp AT TIME ZONE 'UTC';
  bounds text := format('FOR VALUES FROM (%L) TO (%L)', lo, hi);
BEGIN
  -- pg_class is read by a query, not through to_regclass: a fresh snapshot sees a partition that another
  -- instance committed while this one waited for the lock (an advisory lock refreshes no catalog cache).
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = part AND relnamespace = current_schema()::regnamespace) THEN
    RETURN false;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_partitions'));
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = part AND relnamespace = current_schema()::regnamespace) THEN
    RETURN false;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_class
                  WHERE relname = 'audit_log_default' AND relnamespace = current_schema()::regnamespace) THEN
    PERFORM audit_log_create_partition('audit_log_default', 'DEFAULT');
  END IF;
  IF EXISTS (SELECT 1 FROM audit_log_default WHERE event_at >= lo AND event_at < hi) THEN
    ALTER TABLE audit_log DETACH PARTITION audit_log_default;
    ALTER TABLE audit_log_default RENAME TO audit_log_default_moving;
    PERFORM audit_log_create_partition('audit_log_default', 'DEFAULT');
    PERFORM audit_log_create_partition(part, bounds);
    INSERT INTO audit_log SELECT * FROM audit_log_default_moving;
    DROP TABLE audit_log_default_moving;
  ELSE
    PERFORM audit_log_create_partition(part, bounds);
  END IF;
  RETURN true;
END $$;--> statement-breakpoint
-- Partitions for every month the old table holds, up to three months ahead; then the rows, ids and all.
SELECT audit_log_ensure_partition(month::date)
  FROM generate_series(
    date_trunc('month', least(coalesce((SELECT min(event_at) FROM audit_log_unpartitioned), now()), now()) AT TIME ZONE 'UTC'),
    date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
    interval '1 month') AS month;--> statement-breakpoint
INSERT INTO "audit_log" SELECT * FROM "audit_log_unpartitioned";--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";
