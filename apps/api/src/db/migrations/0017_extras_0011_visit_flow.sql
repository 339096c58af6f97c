-- The visit's status flow: scheduled, arrived, in_consultation, completed, no_show, cancelled.
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_status_check;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_visit_status_check
  CHECK (status IN ('scheduled', 'arrived', 'in_consultation', 'completed', 'no_show', 'cancelled'));
--> statement-breakpoint
-- A checked-in patient and a visit under way still hold the doctor's and the patient's time: no overlap among the
-- active statuses, even under concurrent bookings and check-ins.
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_doctor_no_overlap;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_active_doctor_no_overlap
  EXCLUDE USING gist (company_id WITH =, doctor_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)
  WHERE (status IN ('scheduled', 'arrived', 'in_consultation'));
--> statement-breakpoint
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_patient_no_overlap;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_active_patient_no_overlap
  EXCLUDE USING gist (company_id WITH =, patient_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)
  WHERE (status IN ('scheduled', 'arrived', 'in_consultation'));
--> statement-breakpoint
ALTER TABLE companies ADD CONSTRAINT companies_late_cancellation_hours_check CHECK (late_cancellation_hours BETWEEN 0 AND 720);
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_visit_note_length CHECK (visit_note IS NULL OR char_length(visit_note) <= 5000);
