DROP INDEX "prescriptions_token_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_company_token_uq" ON "prescriptions" USING btree ("company_id","verification_token");--> statement-breakpoint
CREATE INDEX "prescriptions_token_idx" ON "prescriptions" USING btree ("verification_token");