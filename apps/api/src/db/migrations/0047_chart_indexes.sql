DROP INDEX "encounter_diagnoses_patient_idx";--> statement-breakpoint
CREATE INDEX "patient_allergies_patient_recorded_idx" ON "patient_allergies" USING btree ("company_id","patient_id","recorded_at");--> statement-breakpoint
CREATE INDEX "encounter_diagnoses_patient_created_idx" ON "encounter_diagnoses" USING btree ("company_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_problems_patient_created_idx" ON "patient_problems" USING btree ("company_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_medications_patient_created_idx" ON "patient_medications" USING btree ("company_id","patient_id","created_at");