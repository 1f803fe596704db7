-- Keeps department_list_versions (a counter per ward and client shard, summed into the Toedienlijst's version)
-- moving in the same transaction as every change a ward's list is built from: its clients and their persons,
-- their agreements and the agreements' products, coumarin dosage schemes, registrations (with corrections and
-- double checks) and Baxter interim changes. Statement triggers with transition tables, so a bulk change costs
-- one grouped upsert (transition tables allow one event per trigger, hence three triggers per table).
-- A change bumps the row of the ward the client is in now (and was in, for a client who moves) and of the
-- client's shard (id mod 64), in ward and shard order, so concurrent changes of one ward lock rows in the same
-- order and registrations for different clients rarely wait on one row.
-- Not counted, as before: the names of the nurses who registered, and the stored planned days (an expansion
-- of the agreements, written with them or on the day's roll-over).
-- PL/pgSQL, not SQL functions: PL/pgSQL keeps each statement's plan for the session, where a SQL function called
-- from a trigger is planned again on every call (a registration's cost).
CREATE OR REPLACE FUNCTION department_list_bump(departments integer[], clients integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO department_list_versions AS v (department_id, shard, version)
  SELECT DISTINCT u.d, (u.c % 64)::smallint, 1 FROM unnest(departments, clients) AS u(d, c)
  WHERE u.d IS NOT NULL
  ORDER BY 1, 2
  ON CONFLICT (department_id, shard) DO UPDATE SET version = v.version + 1;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_list_bump_clients(clients integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  departments integer[];
  ids integer[];
BEGIN
  SELECT array_agg(p.department_id), array_agg(p.id) INTO departments, ids FROM patients p WHERE p.id = ANY(clients);
  PERFORM department_list_bump(departments, ids);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_list_on_patients() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM department_list_bump(array(SELECT department_id FROM old_rows ORDER BY id), array(SELECT id FROM old_rows ORDER BY id));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM department_list_bump(array(SELECT department_id FROM new_rows ORDER BY id), array(SELECT id FROM new_rows ORDER BY id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_list_on_persons() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM department_list_bump_clients(array(
    SELECT p.id FROM patients p WHERE p.person_id IN (SELECT id FROM old_rows)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Agreements, dosage schemes and registrations name their client as patient_id.
CREATE OR REPLACE FUNCTION department_list_on_client_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM department_list_bump_clients(array(SELECT DISTINCT patient_id FROM old_rows));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM department_list_bump_clients(array(SELECT DISTINCT patient_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_list_on_medications() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM department_list_bump_clients(array(
    SELECT DISTINCT a.patient_id FROM medication_agreements a WHERE a.medication_id IN (SELECT id FROM old_rows)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_list_on_interim_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM department_list_bump_clients(array(
      SELECT r.patient_id FROM baxter_rolls r WHERE r.id IN (SELECT roll_id FROM old_rows)));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM department_list_bump_clients(array(
      SELECT r.patient_id FROM baxter_rolls r WHERE r.id IN (SELECT roll_id FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A roll's status changes all through the pharmacy's work; only its client and period decide which interim
-- changes a day's list shows.
CREATE OR REPLACE FUNCTION department_list_on_rolls() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM department_list_bump_clients(array(SELECT patient_id FROM old_rows));
  ELSE
    PERFORM department_list_bump_clients(array(
      SELECT unnest(array[o.patient_id, n.patient_id]) FROM old_rows o JOIN new_rows n USING (id)
      WHERE (o.patient_id, o.period_start, o.period_end) IS DISTINCT FROM (n.patient_id, n.period_start, n.period_end)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_list_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM department_list_bump(array(SELECT id FROM departments), array(SELECT 0 FROM departments));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER department_list_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_patients();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_patients();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON patients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_patients();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON persons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_persons();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON persons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_persons();--> statement-breakpoint
CREATE TRIGGER department_list_insert AFTER INSERT ON medication_agreements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON medication_agreements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON medication_agreements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON medications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_medications();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON medications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_medications();--> statement-breakpoint
CREATE TRIGGER department_list_insert AFTER INSERT ON dosage_schemes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON dosage_schemes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON dosage_schemes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_insert AFTER INSERT ON administrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON administrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON administrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_client_rows();--> statement-breakpoint
CREATE TRIGGER department_list_truncate AFTER TRUNCATE ON administrations
  FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_truncate();--> statement-breakpoint
CREATE TRIGGER department_list_insert AFTER INSERT ON baxter_interim_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_interim_changes();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON baxter_interim_changes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_interim_changes();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON baxter_interim_changes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_interim_changes();--> statement-breakpoint
CREATE TRIGGER department_list_update AFTER UPDATE ON baxter_rolls
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_rolls();--> statement-breakpoint
CREATE TRIGGER department_list_delete AFTER DELETE ON baxter_rolls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_list_on_rolls();
