-- The day roll-up (administration_days, 0007) keeps no group that counts nothing. A correction, a changed
-- registration or a deletion took its group's counts down and left a row of zeros behind, so the table depended on
-- the order of the changes and not only on the registrations: a copy to PostgreSQL (to-postgres.ts), which derives
-- the roll-up again from the registrations, had one row fewer than its source. The three functions as in 0007, each
-- then deleting the groups it emptied (by client and day: administration_days_patient_idx), and the rows of zeros
-- that exist removed. A plain registration, which only adds, costs nothing more.
CREATE OR REPLACE FUNCTION administration_days_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO administration_days AS d
    (entity_id, day, department_id, patient_id, medication_id, status, count, late, awaiting)
  SELECT n.entity_id, administration_local_day(n.moment_at), n.department_id, n.patient_id, n.medication_id,
    n.status, count(*), sum(administration_is_late(n.status, n.scheduled_at, n.administered_at)),
    sum(administration_is_awaiting(n.double_check_required, n.double_check_by))
  FROM new_rows n
  WHERE NOT EXISTS (SELECT 1 FROM new_rows c WHERE c.corrects_id = n.id)
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (entity_id, day, department_id, patient_id, medication_id, status) DO UPDATE
    SET count = d.count + excluded.count, late = d.late + excluded.late, awaiting = d.awaiting + excluded.awaiting;

  IF EXISTS (SELECT 1 FROM new_rows WHERE corrects_id IS NOT NULL) THEN
    -- The corrected rows stop counting (unless they came in with this very statement: never counted).
    INSERT INTO administration_days AS d
      (entity_id, day, department_id, patient_id, medication_id, status, count, late, awaiting)
    SELECT o.entity_id, administration_local_day(o.moment_at), o.department_id, o.patient_id, o.medication_id,
      o.status, -count(*), -sum(administration_is_late(o.status, o.scheduled_at, o.administered_at)),
      -sum(administration_is_awaiting(o.double_check_required, o.double_check_by))
    FROM administrations o
    WHERE o.id IN (SELECT c.corrects_id FROM new_rows c WHERE c.corrects_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM new_rows x WHERE x.id = o.id)
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (entity_id, day, department_id, patient_id, medication_id, status) DO UPDATE
      SET count = d.count + excluded.count, late = d.late + excluded.late, awaiting = d.awaiting + excluded.awaiting;
    DELETE FROM administration_days d
    USING administrations o
    WHERE o.id IN (SELECT c.corrects_id FROM new_rows c WHERE c.corrects_id IS NOT NULL)
      AND d.patient_id = o.patient_id AND d.day = administration_local_day(o.moment_at)
      AND d.count = 0 AND d.late = 0 AND d.awaiting = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION administration_days_on_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id) WHERE o.corrects_id IS DISTINCT FROM n.corrects_id) THEN
    RAISE EXCEPTION 'administrations.corrects_id cannot change: register a correction instead';
  END IF;
  -- Old values out, new values in, for the effective rows (an update never changes which rows those are).
  INSERT INTO administration_days AS d
    (entity_id, day, department_id, patient_id, medication_id, status, count, late, awaiting)
  SELECT r.entity_id, administration_local_day(r.moment_at), r.department_id, r.patient_id, r.medication_id,
    r.status, sum(r.sign), sum(r.sign * administration_is_late(r.status, r.scheduled_at, r.administered_at)),
    sum(r.sign * administration_is_awaiting(r.double_check_required, r.double_check_by))
  FROM (
    SELECT o.*, -1 AS sign FROM old_rows o
    UNION ALL
    SELECT n.*, 1 AS sign FROM new_rows n
  ) r
  WHERE NOT EXISTS (SELECT 1 FROM administrations c WHERE c.corrects_id = r.id)
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (entity_id, day, department_id, patient_id, medication_id, status) DO UPDATE
    SET count = d.count + excluded.count, late = d.late + excluded.late, awaiting = d.awaiting + excluded.awaiting;
  DELETE FROM administration_days d
  USING old_rows o
  WHERE d.patient_id = o.patient_id AND d.day = administration_local_day(o.moment_at)
    AND d.count = 0 AND d.late = 0 AND d.awaiting = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION administration_days_on_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Deleted rows that counted: not corrected by a row that existed before the delete.
  INSERT INTO administration_days AS d
    (entity_id, day, department_id, patient_id, medication_id, status, count, late, awaiting)
  SELECT o.entity_id, administration_local_day(o.moment_at), o.department_id, o.patient_id, o.medication_id,
    o.status, -count(*), -sum(administration_is_late(o.status, o.scheduled_at, o.administered_at)),
    -sum(administration_is_awaiting(o.double_check_required, o.double_check_by))
  FROM old_rows o
  WHERE NOT EXISTS (SELECT 1 FROM administrations c WHERE c.corrects_id = o.id)
    AND NOT EXISTS (SELECT 1 FROM old_rows c WHERE c.corrects_id = o.id)
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (entity_id, day, department_id, patient_id, medication_id, status) DO UPDATE
    SET count = d.count + excluded.count, late = d.late + excluded.late, awaiting = d.awaiting + excluded.awaiting;
  DELETE FROM administration_days d
  USING old_rows o
  WHERE d.patient_id = o.patient_id AND d.day = administration_local_day(o.moment_at)
    AND d.count = 0 AND d.late = 0 AND d.awaiting = 0;

  IF EXISTS (SELECT 1 FROM old_rows WHERE corrects_id IS NOT NULL) THEN
    -- A remaining row whose correction was deleted counts again.
    INSERT INTO administration_days AS d
      (entity_id, day, department_id, patient_id, medication_id, status, count, late, awaiting)
    SELECT a.entity_id, administration_local_day(a.moment_at), a.department_id, a.patient_id, a.medication_id,
      a.status, count(*), sum(administration_is_late(a.status, a.scheduled_at, a.administered_at)),
      sum(administration_is_awaiting(a.double_check_required, a.double_check_by))
    FROM administrations a
    WHERE a.id IN (SELECT c.corrects_id FROM old_rows c WHERE c.corrects_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM administrations c WHERE c.corrects_id = a.id)
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (entity_id, day, department_id, patient_id, medication_id, status) DO UPDATE
      SET count = d.count + excluded.count, late = d.late + excluded.late, awaiting = d.awaiting + excluded.awaiting;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DELETE FROM administration_days WHERE count = 0 AND late = 0 AND awaiting = 0;
