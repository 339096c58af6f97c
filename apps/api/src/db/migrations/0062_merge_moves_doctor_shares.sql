-- Custom SQL migration file, put your code below! ---- A patient merge (migration 0054) moves the doctor's share entries of the duplicate to the record kept too: the
-- entries' lock lets through that one change (the patient, in a transaction that declared itself a merge), besides
-- the day close stamping an entry once.
CREATE OR REPLACE FUNCTION doctor_share_entries_lock_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND clinic_merge_moves_patient_only(to_jsonb(OLD), to_jsonb(NEW)) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.close_id IS NULL AND NEW.close_id IS NOT NULL AND NEW.period_day IS NOT NULL
     AND (to_jsonb(NEW) - 'close_id' - 'period_day') = (to_jsonb(OLD) - 'close_id' - 'period_day') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% rows cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
