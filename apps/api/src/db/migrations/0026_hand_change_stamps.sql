-- The calendar's change stamp (change_stamps.calendar_stamps, see schema/scheduling.ts): raised for a company by
-- every committed transaction that changes what its calendar cards show. Statement-level triggers collect the companies a statement
-- touched (from its transition tables, once per statement whatever the number of rows) into calendar_stamps_pending;
-- a deferred trigger on that table raises each company's stamp when the transaction commits. The stamp's row is thus
-- locked only from the commit's start to its end, after every other lock the transaction took: writers of one
-- company do not wait on each other for the whole of their transactions, and cannot deadlock over it.
CREATE OR REPLACE FUNCTION calendar_stamp_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_stamps.calendar_stamps AS s (company_id, stamp) VALUES (NEW.company_id, 1)
    ON CONFLICT (company_id) DO UPDATE SET stamp = s.stamp + 1;
  DELETE FROM change_stamps.calendar_stamps_pending WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_stamps_pending_raise AFTER INSERT ON change_stamps.calendar_stamps_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_stamp_raise();
--> statement-breakpoint
-- Appointments: any row inserted, updated or deleted (a card shows most of its columns, and its filters read the rest).
CREATE OR REPLACE FUNCTION calendar_stamp_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_stamps.calendar_stamps_pending (company_id) SELECT DISTINCT company_id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION calendar_stamp_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_stamps.calendar_stamps_pending (company_id) SELECT DISTINCT company_id FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_calendar_stamp_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamp_new_rows();
--> statement-breakpoint
CREATE TRIGGER appointments_calendar_stamp_update AFTER UPDATE ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamp_new_rows();
--> statement-breakpoint
CREATE TRIGGER appointments_calendar_stamp_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamp_old_rows();
--> statement-breakpoint
-- Patients, doctors (employees) and services: only a changed name (or a patient's number, which a search matches)
-- alters a card; their other updates (a patient's last visit, a doctor's hours) leave the stamp alone. A row with
-- appointments cannot be deleted without them (foreign keys), so deleting those appointments raises the stamp.
CREATE OR REPLACE FUNCTION calendar_stamp_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_stamps.calendar_stamps_pending (company_id)
    SELECT DISTINCT n.company_id FROM new_rows n JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
    WHERE o.name IS DISTINCT FROM n.name OR o.public_id IS DISTINCT FROM n.public_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_calendar_stamp AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamp_renamed();
--> statement-breakpoint
CREATE TRIGGER employees_calendar_stamp AFTER UPDATE ON employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamp_renamed();
--> statement-breakpoint
CREATE TRIGGER services_calendar_stamp AFTER UPDATE ON services
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamp_renamed();
--> statement-breakpoint
-- Clinics: a card's times are written in its clinic's time zone.
CREATE OR REPLACE FUNCTION calendar_stamp_clinic_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_stamps.calendar_stamps_pending (company_id)
    SELECT DISTINCT n.company_id FROM new_rows n JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
    WHERE o.time_zone IS DISTINCT FROM n.time_zone;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinics_calendar_stamp AFTER UPDATE ON clinics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_stamp_clinic_zone();
