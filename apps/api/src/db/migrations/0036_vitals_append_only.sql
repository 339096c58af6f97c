-- A set of vital signs is never edited: the only change the database accepts is marking it entered in error, once
-- (who, when, why), and linking it to its encounter. Deletion follows its patient or company only.
CREATE OR REPLACE FUNCTION vital_signs_append_only() RETURNS trigger AS $$
BEGIN
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
CREATE TRIGGER vital_signs_append_only BEFORE UPDATE ON vital_signs FOR EACH ROW EXECUTE FUNCTION vital_signs_append_only();
