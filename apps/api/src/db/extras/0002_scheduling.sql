-- No doctor and no patient has two overlapping scheduled appointments, even under concurrent bookings.
ALTER TABLE appointments ADD CONSTRAINT appointments_doctor_no_overlap
  EXCLUDE USING gist (company_id WITH =, doctor_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)
  WHERE (status = 'scheduled');
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_patient_no_overlap
  EXCLUDE USING gist (company_id WITH =, patient_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)
  WHERE (status = 'scheduled');
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_valid_range CHECK (ends_at > starts_at);
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_status_check CHECK (status IN ('scheduled', 'completed', 'cancelled'));
--> statement-breakpoint
-- Employees' placement in the organisation.
ALTER TABLE employees ADD CONSTRAINT employees_department_fk FOREIGN KEY (company_id, department_id)
  REFERENCES departments (company_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE employees ADD CONSTRAINT employees_clinic_collection_fk FOREIGN KEY (company_id, clinic_collection_id)
  REFERENCES clinic_collections (company_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
-- Trigram indexes for name search.
CREATE INDEX IF NOT EXISTS patients_name_trgm_idx ON patients USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employees_name_trgm_idx ON employees USING gin (name gin_trgm_ops);
