-- Keeps client_list_versions (a counter per care centre, summed over a scope into the client list's version)
-- moving in the same transaction as every change a client list (GET /api/patients) shows: its clients' rows
-- (department, room, allergies, consent, pharmacy, prescriber, care centre), their persons (names, birth date),
-- the departments' names and the pharmacies' and prescribers' names. Statement triggers with transition tables, as
-- department_list_version_triggers (0036); the care centres are bumped in id order, so concurrent changes lock
-- their rows in the same order. Registrations, agreements and schemes do not move it: the list does not show them.
CREATE OR REPLACE FUNCTION client_list_bump(centres integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_list_versions AS v (entity_id, version)
  SELECT DISTINCT c, 1 FROM unnest(centres) AS c WHERE c IS NOT NULL ORDER BY 1
  ON CONFLICT (entity_id) DO UPDATE SET version = v.version + 1;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_list_on_patients() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_list_bump(array(SELECT entity_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM client_list_bump(array(SELECT entity_id FROM old_rows));
  ELSE
    PERFORM client_list_bump(array(SELECT entity_id FROM old_rows UNION SELECT entity_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_list_on_persons() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_list_bump(array(
    SELECT p.entity_id FROM patients p WHERE p.person_id IN (SELECT id FROM old_rows)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A list names its clients' department, pharmacy and prescriber: a renamed department moves the care centres of its
-- clients, a renamed organisation those of the clients it supplies or prescribes for (a rename is rare; the
-- pharmacy column has no index of its own).
CREATE OR REPLACE FUNCTION client_list_on_renames() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  renamed integer[] := array(SELECT o.id FROM old_rows o JOIN new_rows n USING (id) WHERE o.name IS DISTINCT FROM n.name);
BEGIN
  IF cardinality(renamed) = 0 THEN
    RETURN NULL;
  ELSIF TG_TABLE_NAME = 'departments' THEN
    PERFORM client_list_bump(array(SELECT entity_id FROM patients WHERE department_id = ANY(renamed)));
  ELSE
    PERFORM client_list_bump(array(
      SELECT entity_id FROM patients WHERE pharmacy_entity_id = ANY(renamed) OR prescriber_entity_id = ANY(renamed)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A truncate of the clients or persons changes every list.
CREATE OR REPLACE FUNCTION client_list_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_list_bump(array(SELECT entity_id FROM client_list_versions));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER client_list_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_patients();--> statement-breakpoint
CREATE TRIGGER client_list_update AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_patients();--> statement-breakpoint
CREATE TRIGGER client_list_delete AFTER DELETE ON patients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_patients();--> statement-breakpoint
CREATE TRIGGER client_list_truncate AFTER TRUNCATE ON patients
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_truncate();--> statement-breakpoint
CREATE TRIGGER client_list_update AFTER UPDATE ON persons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_persons();--> statement-breakpoint
CREATE TRIGGER client_list_delete AFTER DELETE ON persons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_persons();--> statement-breakpoint
CREATE TRIGGER client_list_truncate AFTER TRUNCATE ON persons
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_truncate();--> statement-breakpoint
CREATE TRIGGER client_list_update AFTER UPDATE ON departments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_renames();--> statement-breakpoint
CREATE TRIGGER client_list_update AFTER UPDATE ON entities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_list_on_renames();
