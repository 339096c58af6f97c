-- A diagnosis recorded at a signed encounter is part of the signed record: it is never changed or removed, whatever
-- writes to the database (a signed visit is corrected by an addendum). Adding one to a signed encounter is refused by
-- the server under a share lock on the encounter.
CREATE OR REPLACE FUNCTION encounter_diagnoses_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM encounters e WHERE e.company_id = OLD.company_id AND e.id = OLD.encounter_id AND e.status = 'signed') THEN
    RAISE EXCEPTION 'diagnosis of signed encounter % cannot be changed or deleted', OLD.encounter_id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER encounter_diagnoses_signed_locked BEFORE UPDATE OR DELETE ON encounter_diagnoses FOR EACH ROW EXECUTE FUNCTION encounter_diagnoses_signed_locked();
