CREATE TABLE "encounter_access_grants" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"encounter_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "encounter_access_grants_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "encounter_access_grants" ADD CONSTRAINT "encounter_access_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounter_access_grants" ADD CONSTRAINT "encounter_access_grants_company_id_encounter_id_encounters_company_id_id_fk" FOREIGN KEY ("company_id","encounter_id") REFERENCES "public"."encounters"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounter_access_grants" ADD CONSTRAINT "encounter_access_grants_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encounter_access_grants_lookup_idx" ON "encounter_access_grants" USING btree ("company_id","encounter_id","employee_id","expires_at");--> statement-breakpoint
CREATE INDEX "encounter_access_grants_employee_idx" ON "encounter_access_grants" USING btree ("company_id","employee_id","expires_at");