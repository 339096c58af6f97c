-- The person in charge of a complex, department or clinic is an employee; removing the employee
-- leaves the post empty (only pic_id is cleared, the company stays).
ALTER TABLE clinic_collections ADD CONSTRAINT clinic_collections_pic_fk FOREIGN KEY (company_id, pic_id)
  REFERENCES employees (company_id, id) ON DELETE SET NULL (pic_id);
--> statement-breakpoint
ALTER TABLE departments ADD CONSTRAINT departments_pic_fk FOREIGN KEY (company_id, pic_id)
  REFERENCES employees (company_id, id) ON DELETE SET NULL (pic_id);
--> statement-breakpoint
ALTER TABLE clinics ADD CONSTRAINT clinics_pic_fk FOREIGN KEY (company_id, pic_id)
  REFERENCES employees (company_id, id) ON DELETE SET NULL (pic_id);
--> statement-breakpoint
-- A complex's specialities come from the catalogue of the same company; deleting a speciality unlinks it.
ALTER TABLE clinic_collection_specializations ADD CONSTRAINT clinic_collection_specializations_spec_fk
  FOREIGN KEY (company_id, specialization_id) REFERENCES specializations (company_id, id) ON DELETE CASCADE;
--> statement-breakpoint
-- Sensible values only, whatever path writes them.
ALTER TABLE clinics ADD CONSTRAINT clinics_average_visit_check CHECK (average_visit_minutes BETWEEN 5 AND 480);
--> statement-breakpoint
ALTER TABLE departments ADD CONSTRAINT departments_patient_capacity_check CHECK (patient_capacity IS NULL OR patient_capacity >= 0);
--> statement-breakpoint
ALTER TABLE companies ADD CONSTRAINT companies_plan_check CHECK (plan IS NULL OR plan IN ('clinic', 'department', 'complex', 'company'));
