-- Prescriptions: an issued prescription is never changed or deleted, whatever writes to the database (as signed notes
-- and issued invoices). The one change allowed is its cancellation (status, who, when, why, version).
CREATE OR REPLACE FUNCTION prescriptions_issued_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'issued' AND NEW.status = 'cancelled'
    AND (NEW.company_id, NEW.id, NEW.number, NEW.patient_id, NEW.prescriber_id, NEW.clinic_id, NEW.encounter_id, NEW.language,
         NEW.valid_days, NEW.issued_at, NEW.valid_until, NEW.verification_token, NEW.acknowledgements, NEW.created_by, NEW.created_at)
    IS NOT DISTINCT FROM
        (OLD.company_id, OLD.id, OLD.number, OLD.patient_id, OLD.prescriber_id, OLD.clinic_id, OLD.encounter_id, OLD.language,
         OLD.valid_days, OLD.issued_at, OLD.valid_until, OLD.verification_token, OLD.acknowledgements, OLD.created_by, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'issued prescription % cannot be changed or deleted (only cancelled)', OLD.number USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER prescriptions_issued_locked BEFORE UPDATE OR DELETE ON prescriptions FOR EACH ROW EXECUTE FUNCTION prescriptions_issued_locked();
--> statement-breakpoint
-- The items of a prescription change only while it is a draft.
CREATE OR REPLACE FUNCTION prescription_items_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_status text;
BEGIN
  SELECT status INTO parent_status FROM prescriptions
    WHERE company_id = COALESCE(NEW.company_id, OLD.company_id) AND id = COALESCE(NEW.prescription_id, OLD.prescription_id);
  IF parent_status IS NOT NULL AND parent_status <> 'draft' THEN
    RAISE EXCEPTION 'items of an issued prescription cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prescription_items_locked BEFORE INSERT OR UPDATE OR DELETE ON prescription_items FOR EACH ROW EXECUTE FUNCTION prescription_items_locked();
--> statement-breakpoint
-- A medication added to the patient's list by a prescription names it.
ALTER TABLE patient_medications ADD CONSTRAINT patient_medications_prescription_fk FOREIGN KEY (company_id, prescription_id) REFERENCES prescriptions (company_id, id) ON DELETE RESTRICT;
