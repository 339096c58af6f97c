-- Merging two records of the same patient (POST /api/patients/:id/merge) moves every row of the duplicate to the
-- record kept, signed and issued ones included. The locks of migrations 0024, 0036, 0041, 0045 and 0050 refuse any
-- change to such rows; each now lets through exactly one change: the row's patient_id and nothing else, and only
-- inside a transaction that declared itself a merge (`set_config('clinic.merging', 'on', true)`, transaction-local,
-- set by the merge alone). Nothing else of a signed or issued row can change that way, and no row is deleted.
CREATE OR REPLACE FUNCTION clinic_merge_moves_patient_only(old_row jsonb, new_row jsonb) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('clinic.merging', true), '') = 'on'
     AND old_row ->> 'patient_id' IS DISTINCT FROM new_row ->> 'patient_id'
     AND (old_row - 'patient_id') = (new_row - 'patient_id')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encounters_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND clinic_merge_moves_patient_only(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'signed' THEN
    RAISE EXCEPTION 'signed encounter % cannot be changed or deleted', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prescriptions_issued_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND clinic_merge_moves_patient_only(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
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
CREATE OR REPLACE FUNCTION encounter_diagnoses_signed_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND clinic_merge_moves_patient_only(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM encounters e WHERE e.company_id = OLD.company_id AND e.id = OLD.encounter_id AND e.status = 'signed') THEN
    RAISE EXCEPTION 'diagnosis of signed encounter % cannot be changed or deleted', OLD.encounter_id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vital_signs_append_only() RETURNS trigger AS $$
BEGIN
  IF clinic_merge_moves_patient_only(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF OLD.entered_in_error_at IS NOT NULL AND NEW.entered_in_error_at IS DISTINCT FROM OLD.entered_in_error_at THEN
    RAISE EXCEPTION 'vital signs already marked entered in error' USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.company_id, NEW.patient_id, NEW.taken_at, NEW.recorded_by, NEW.recorded_at, NEW.height_cm, NEW.weight_kg, NEW.bmi,
      NEW.temperature_c, NEW.pulse, NEW.respiratory_rate, NEW.systolic, NEW.diastolic, NEW.spo2, NEW.pain_score, NEW.glucose_mmol,
      NEW.entered_units, NEW.note)
     IS DISTINCT FROM
     (OLD.company_id, OLD.patient_id, OLD.taken_at, OLD.recorded_by, OLD.recorded_at, OLD.height_cm, OLD.weight_kg, OLD.bmi,
      OLD.temperature_c, OLD.pulse, OLD.respiratory_rate, OLD.systolic, OLD.diastolic, OLD.spo2, OLD.pain_score, OLD.glucose_mmol,
      OLD.entered_units, OLD.note) THEN
    RAISE EXCEPTION 'vital signs are never edited: mark them entered in error and record new ones' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_issued_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'issued invoice % cannot be deleted', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF clinic_merge_moves_patient_only(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF OLD.status <> 'draft' AND (
    NEW.status = 'draft' OR NEW.number IS DISTINCT FROM OLD.number OR NEW.display_number IS DISTINCT FROM OLD.display_number
    OR NEW.clinic_id IS DISTINCT FROM OLD.clinic_id OR NEW.patient_id IS DISTINCT FROM OLD.patient_id
    OR NEW.doctor_id IS DISTINCT FROM OLD.doctor_id OR NEW.appointment_id IS DISTINCT FROM OLD.appointment_id
    OR NEW.visit_date IS DISTINCT FROM OLD.visit_date OR NEW.currency IS DISTINCT FROM OLD.currency
    OR NEW.vat_rate_basis_points IS DISTINCT FROM OLD.vat_rate_basis_points OR NEW.tax_number IS DISTINCT FROM OLD.tax_number
    OR NEW.lines IS DISTINCT FROM OLD.lines OR NEW.subtotal IS DISTINCT FROM OLD.subtotal
    OR NEW.discount_total IS DISTINCT FROM OLD.discount_total OR NEW.tax_total IS DISTINCT FROM OLD.tax_total
    OR NEW.total IS DISTINCT FROM OLD.total OR NEW.insurer IS DISTINCT FROM OLD.insurer
    OR NEW.insurer_share IS DISTINCT FROM OLD.insurer_share OR NEW.patient_share IS DISTINCT FROM OLD.patient_share
    OR NEW.issued_at IS DISTINCT FROM OLD.issued_at OR NEW.note IS DISTINCT FROM OLD.note
  ) THEN
    RAISE EXCEPTION 'issued invoice % cannot be changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
