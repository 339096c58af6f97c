-- The clinical record: a signed note is never edited or deleted, whatever writes to the database (as issued invoices).
ALTER TABLE encounters ADD CONSTRAINT encounters_kind_check CHECK (kind IN ('visit', 'phone') AND ((kind = 'visit') = (appointment_id IS NOT NULL)));
--> statement-breakpoint
ALTER TABLE encounters ADD CONSTRAINT encounters_status_check CHECK (status IN ('open', 'signed') AND ((status = 'signed') = (signed_at IS NOT NULL)));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encounter_notes_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NOT NULL THEN
    RAISE EXCEPTION 'signed note of encounter % cannot be changed or deleted', OLD.encounter_id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER encounter_notes_signed_locked BEFORE UPDATE OR DELETE ON encounter_notes FOR EACH ROW EXECUTE FUNCTION encounter_notes_signed_locked();
--> statement-breakpoint
-- A signed encounter keeps its patient, doctor, visit and signature; it is never deleted.
CREATE OR REPLACE FUNCTION encounters_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'signed' THEN
    RAISE EXCEPTION 'signed encounter % cannot be changed or deleted', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER encounters_signed_locked BEFORE UPDATE OR DELETE ON encounters FOR EACH ROW EXECUTE FUNCTION encounters_signed_locked();
--> statement-breakpoint
-- Addenda are append-only.
CREATE OR REPLACE FUNCTION encounter_addenda_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'addenda cannot be changed or deleted' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER encounter_addenda_append_only BEFORE UPDATE OR DELETE ON encounter_addenda FOR EACH ROW EXECUTE FUNCTION encounter_addenda_append_only();
