-- Online booking: a booking the desk has yet to accept ('requested') holds the doctor's and the patient's time like a
-- scheduled one, so two patients can never take the same slot, online or at the desk.
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_visit_status_check;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_status_flow_check
  CHECK (status IN ('requested', 'scheduled', 'arrived', 'in_consultation', 'completed', 'no_show', 'cancelled'));
--> statement-breakpoint
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_doctor_buffered_no_overlap;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_doctor_held_no_overlap
  EXCLUDE USING gist (company_id WITH =, doctor_id WITH =, tstzrange(blocked_from, blocked_until, '[)') WITH &&)
  WHERE (status IN ('requested', 'scheduled', 'arrived', 'in_consultation') AND NOT overbooked);
--> statement-breakpoint
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_active_patient_no_overlap;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_patient_held_no_overlap
  EXCLUDE USING gist (company_id WITH =, patient_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)
  WHERE (status IN ('requested', 'scheduled', 'arrived', 'in_consultation'));
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_source_check CHECK (source IN ('staff', 'online'));
--> statement-breakpoint
ALTER TABLE patients ADD CONSTRAINT patients_preferred_channel_check CHECK (preferred_channel IN ('sms', 'whatsapp'));
--> statement-breakpoint
ALTER TABLE patients ADD CONSTRAINT patients_whatsapp_consent_check
  CHECK ((whatsapp_consent_at IS NULL) = (whatsapp_consent_source IS NULL)
    AND (whatsapp_consent_source IS NULL OR whatsapp_consent_source IN ('desk', 'online'))
    AND (preferred_channel <> 'whatsapp' OR whatsapp_consent_at IS NOT NULL));
--> statement-breakpoint
ALTER TABLE companies ADD CONSTRAINT companies_booking_slug_check
  CHECK (booking_slug IS NULL OR booking_slug ~ '^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$');
--> statement-breakpoint
ALTER TABLE clinic_online_booking ADD CONSTRAINT clinic_online_booking_values_check
  CHECK (mode IN ('instant', 'request')
    AND min_notice_minutes BETWEEN 0 AND 43200
    AND horizon_days BETWEEN 1 AND 365
    AND max_per_phone_day BETWEEN 1 AND 50
    AND max_per_phone_week BETWEEN 1 AND 200
    AND jsonb_typeof(service_ids) = 'array' AND jsonb_typeof(doctor_ids) = 'array'
    AND jsonb_typeof(cancellation_policy) = 'object');
--> statement-breakpoint
ALTER TABLE phone_verifications ADD CONSTRAINT phone_verifications_values_check
  CHECK (attempts BETWEEN 0 AND 5 AND (channel IS NULL OR channel IN ('sms', 'whatsapp')));
