DROP INDEX "employees_company_type_idx";--> statement-breakpoint
DROP INDEX "appointments_status_time_idx";--> statement-breakpoint
CREATE INDEX "employees_type_page_idx" ON "employees" USING btree ("company_id","employee_type","created_at","id");--> statement-breakpoint
CREATE INDEX "employees_page_idx" ON "employees" USING btree ("company_id","created_at","id");