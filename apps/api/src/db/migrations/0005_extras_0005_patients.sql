-- Patients: enumerated values are checked by the database too (NULL allowed for rows created before these columns).
ALTER TABLE patients ADD CONSTRAINT patients_gender_check CHECK (gender IN ('female', 'male'));
--> statement-breakpoint
ALTER TABLE patients ADD CONSTRAINT patients_marital_status_check CHECK (marital_status IN ('Single', 'Married', 'Divorced', 'Widowed'));
--> statement-breakpoint
ALTER TABLE patients ADD CONSTRAINT patients_blood_type_check CHECK (blood_type IN ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'));
--> statement-breakpoint
-- A patient's picture and health reports always point at a stored file of the same company.
ALTER TABLE patients ADD CONSTRAINT patients_image_file_fk FOREIGN KEY (company_id, image_file_id)
  REFERENCES files (company_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE patient_documents ADD CONSTRAINT patient_documents_file_fk FOREIGN KEY (company_id, file_id)
  REFERENCES files (company_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
-- Search of the patients list: any part of the public id, identity number or phone (name has its own trigram index).
CREATE INDEX IF NOT EXISTS patients_public_id_trgm_idx ON patients USING gin (public_id gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patients_identity_trgm_idx ON patients USING gin (identity gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patients_phone_trgm_idx ON patients USING gin (phone gin_trgm_ops);
--> statement-breakpoint
-- Last visit of each patient in the list: the latest completed appointment.
CREATE INDEX IF NOT EXISTS appointments_patient_completed_idx ON appointments (company_id, patient_id, starts_at DESC)
  WHERE status = 'completed';
