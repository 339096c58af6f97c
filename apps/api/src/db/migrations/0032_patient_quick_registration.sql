DROP INDEX "patients_identity_uq";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "incomplete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_identity_given_uq" ON "patients" USING btree ("company_id","identity") WHERE "patients"."identity" <> '';--> statement-breakpoint
CREATE INDEX "patients_phone_dob_idx" ON "patients" USING btree ("company_id","phone","date_of_birth");--> statement-breakpoint
CREATE INDEX "patients_incomplete_idx" ON "patients" USING btree ("company_id","created_at") WHERE "patients"."incomplete";