-- An employee's picture is a file of the same company; deleting the file only clears the picture.
ALTER TABLE employees ADD CONSTRAINT employees_image_file_fk FOREIGN KEY (company_id, image_file_id)
  REFERENCES files (company_id, id) ON DELETE SET NULL (image_file_id);
--> statement-breakpoint
ALTER TABLE employees ADD CONSTRAINT employees_gender_check CHECK (gender IS NULL OR gender IN ('female', 'male'));
--> statement-breakpoint
ALTER TABLE employees ADD CONSTRAINT employees_marital_status_check
  CHECK (marital_status IS NULL OR marital_status IN ('Single', 'Married', 'Divorced', 'Widowed'));
--> statement-breakpoint
ALTER TABLE employees ADD CONSTRAINT employees_job_type_check CHECK (job_type IS NULL OR job_type IN ('FULL_TIME', 'PART_TIME'));
--> statement-breakpoint
ALTER TABLE employees ADD CONSTRAINT employees_children_check CHECK (number_of_children IS NULL OR number_of_children >= 0);
--> statement-breakpoint
ALTER TABLE employees ADD CONSTRAINT employees_fee_check CHECK (consultation_fee IS NULL OR consultation_fee >= 0);
--> statement-breakpoint
ALTER TABLE employee_documents ADD CONSTRAINT employee_documents_kind_check
  CHECK (kind IN ('cv', 'workPermit', 'certifications', 'employmentContract'));
--> statement-breakpoint
-- Search by public id and user name as typed in the lists.
CREATE INDEX IF NOT EXISTS employees_public_id_trgm_idx ON employees USING gin (public_id gin_trgm_ops);
