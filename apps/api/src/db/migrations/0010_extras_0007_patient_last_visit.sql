-- patients.last_visit_at is the start of the patient's latest completed appointment. Statement-level triggers keep it
-- (one UPDATE per statement, however many appointments it touched). The patients' rows are locked before their latest
-- visit is read, so of two transactions changing one patient's visits, the later reads what the earlier committed.
CREATE OR REPLACE FUNCTION patients_refresh_last_visit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cids uuid[];
  pids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(patient_id) INTO cids, pids
      FROM (SELECT DISTINCT company_id, patient_id FROM new_rows WHERE status = 'completed') changed;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(company_id), array_agg(patient_id) INTO cids, pids FROM (
      SELECT o.company_id, o.patient_id FROM old_rows o WHERE o.status = 'completed'
      UNION SELECT n.company_id, n.patient_id FROM new_rows n WHERE n.status = 'completed'
    ) changed;
  ELSE
    SELECT array_agg(company_id), array_agg(patient_id) INTO cids, pids
      FROM (SELECT DISTINCT company_id, patient_id FROM old_rows WHERE status = 'completed') changed;
  END IF;
  IF cids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM patients p JOIN unnest(cids, pids) AS t(company_id, patient_id)
    ON p.company_id = t.company_id AND p.id = t.patient_id
    ORDER BY p.company_id, p.id FOR UPDATE OF p;
  UPDATE patients p SET last_visit_at = (
      SELECT max(a.starts_at) FROM appointments a
      WHERE a.company_id = p.company_id AND a.patient_id = p.id AND a.status = 'completed')
    FROM unnest(cids, pids) AS t(company_id, patient_id)
    WHERE p.company_id = t.company_id AND p.id = t.patient_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_last_visit_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_refresh_last_visit();
--> statement-breakpoint
CREATE TRIGGER appointments_last_visit_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_refresh_last_visit();
--> statement-breakpoint
CREATE TRIGGER appointments_last_visit_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_refresh_last_visit();
--> statement-breakpoint
-- Existing visits.
UPDATE patients p SET last_visit_at = v.last_visit
  FROM (SELECT company_id, patient_id, max(starts_at) AS last_visit FROM appointments WHERE status = 'completed' GROUP BY 1, 2) v
  WHERE p.company_id = v.company_id AND p.id = v.patient_id;
--> statement-breakpoint
-- The list sorted by last visit, either way with patients never seen last, pages through these.
CREATE INDEX IF NOT EXISTS patients_last_visit_desc_idx ON patients (company_id, last_visit_at DESC NULLS LAST, public_id DESC) INCLUDE (id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patients_last_visit_asc_idx ON patients (company_id, last_visit_at ASC NULLS LAST, public_id ASC) INCLUDE (id);
--> statement-breakpoint
-- ...and sorted by name.
CREATE INDEX IF NOT EXISTS patients_name_idx ON patients (company_id, name, public_id) INCLUDE (id);
