CREATE UNIQUE INDEX "encounters_patient_key_uq" ON "encounters" USING btree ("company_id","id","patient_id");
--> statement-breakpoint
-- A vital_signs row that named its visit's appointment (before the visit's encounter was recorded) names that encounter.
UPDATE "vital_signs" r SET "encounter_id" = e."id" FROM "encounters" e
WHERE e."company_id" = r."company_id" AND e."appointment_id" = r."encounter_id" AND e."patient_id" = r."patient_id"
  AND NOT EXISTS (SELECT 1 FROM "encounters" x WHERE x."company_id" = r."company_id" AND x."id" = r."encounter_id");
--> statement-breakpoint
-- A patient_allergies row that named its visit's appointment (before the visit's encounter was recorded) names that encounter.
UPDATE "patient_allergies" r SET "encounter_id" = e."id" FROM "encounters" e
WHERE e."company_id" = r."company_id" AND e."appointment_id" = r."encounter_id" AND e."patient_id" = r."patient_id"
  AND NOT EXISTS (SELECT 1 FROM "encounters" x WHERE x."company_id" = r."company_id" AND x."id" = r."encounter_id");
--> statement-breakpoint
-- A encounter_diagnoses row that named its visit's appointment (before the visit's encounter was recorded) names that encounter.
UPDATE "encounter_diagnoses" r SET "encounter_id" = e."id" FROM "encounters" e
WHERE e."company_id" = r."company_id" AND e."appointment_id" = r."encounter_id" AND e."patient_id" = r."patient_id"
  AND NOT EXISTS (SELECT 1 FROM "encounters" x WHERE x."company_id" = r."company_id" AND x."id" = r."encounter_id");
--> statement-breakpoint
-- A patient_problems row that named its visit's appointment (before the visit's encounter was recorded) names that encounter.
UPDATE "patient_problems" r SET "source_encounter_id" = e."id" FROM "encounters" e
WHERE e."company_id" = r."company_id" AND e."appointment_id" = r."source_encounter_id" AND e."patient_id" = r."patient_id"
  AND NOT EXISTS (SELECT 1 FROM "encounters" x WHERE x."company_id" = r."company_id" AND x."id" = r."source_encounter_id");
--> statement-breakpoint
-- A patient_medications row that named its visit's appointment (before the visit's encounter was recorded) names that encounter.
UPDATE "patient_medications" r SET "encounter_id" = e."id" FROM "encounters" e
WHERE e."company_id" = r."company_id" AND e."appointment_id" = r."encounter_id" AND e."patient_id" = r."patient_id"
  AND NOT EXISTS (SELECT 1 FROM "encounters" x WHERE x."company_id" = r."company_id" AND x."id" = r."encounter_id");
--> statement-breakpoint
ALTER TABLE "patient_allergies" ADD CONSTRAINT "patient_allergies_company_id_encounter_id_patient_id_encounters_company_id_id_patient_id_fk" FOREIGN KEY ("company_id","encounter_id","patient_id") REFERENCES "public"."encounters"("company_id","id","patient_id") ON DELETE restrict ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "vital_signs" ADD CONSTRAINT "vital_signs_company_id_encounter_id_patient_id_encounters_company_id_id_patient_id_fk" FOREIGN KEY ("company_id","encounter_id","patient_id") REFERENCES "public"."encounters"("company_id","id","patient_id") ON DELETE restrict ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "encounter_diagnoses" ADD CONSTRAINT "encounter_diagnoses_company_id_encounter_id_patient_id_encounters_company_id_id_patient_id_fk" FOREIGN KEY ("company_id","encounter_id","patient_id") REFERENCES "public"."encounters"("company_id","id","patient_id") ON DELETE restrict ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "patient_problems" ADD CONSTRAINT "patient_problems_company_id_source_encounter_id_patient_id_encounters_company_id_id_patient_id_fk" FOREIGN KEY ("company_id","source_encounter_id","patient_id") REFERENCES "public"."encounters"("company_id","id","patient_id") ON DELETE restrict ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "patient_medications" ADD CONSTRAINT "patient_medications_company_id_encounter_id_patient_id_encounters_company_id_id_patient_id_fk" FOREIGN KEY ("company_id","encounter_id","patient_id") REFERENCES "public"."encounters"("company_id","id","patient_id") ON DELETE restrict ON UPDATE no action NOT VALID;
