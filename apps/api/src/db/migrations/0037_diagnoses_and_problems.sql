CREATE TABLE "diagnosis_codes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"system" text NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"search_text" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnosis_codes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "encounter_diagnoses" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"rank" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encounter_diagnoses_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "encounter_diagnoses_rank_ck" CHECK ("encounter_diagnoses"."rank" in ('primary', 'secondary'))
);
--> statement-breakpoint
CREATE TABLE "patient_problems" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"onset_date" date,
	"resolved_date" date,
	"source_encounter_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_problems_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "patient_problems_status_ck" CHECK ("patient_problems"."status" in ('active', 'resolved')),
	CONSTRAINT "patient_problems_resolved_ck" CHECK (("patient_problems"."status" = 'resolved') = ("patient_problems"."resolved_date" is not null)),
	CONSTRAINT "patient_problems_dates_ck" CHECK ("patient_problems"."resolved_date" is null or "patient_problems"."onset_date" is null or "patient_problems"."onset_date" <= "patient_problems"."resolved_date")
);
--> statement-breakpoint
ALTER TABLE "diagnosis_codes" ADD CONSTRAINT "diagnosis_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounter_diagnoses" ADD CONSTRAINT "encounter_diagnoses_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounter_diagnoses" ADD CONSTRAINT "encounter_diagnoses_company_id_code_id_diagnosis_codes_company_id_id_fk" FOREIGN KEY ("company_id","code_id") REFERENCES "public"."diagnosis_codes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_problems" ADD CONSTRAINT "patient_problems_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_problems" ADD CONSTRAINT "patient_problems_company_id_code_id_diagnosis_codes_company_id_id_fk" FOREIGN KEY ("company_id","code_id") REFERENCES "public"."diagnosis_codes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_codes_code_uq" ON "diagnosis_codes" USING btree ("company_id","system","code_key");--> statement-breakpoint
CREATE INDEX "diagnosis_codes_code_key_idx" ON "diagnosis_codes" USING btree ("company_id","code_key");--> statement-breakpoint
CREATE INDEX "diagnosis_codes_search_trgm_idx" ON "diagnosis_codes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "encounter_diagnoses_code_uq" ON "encounter_diagnoses" USING btree ("company_id","encounter_id","code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "encounter_diagnoses_primary_uq" ON "encounter_diagnoses" USING btree ("company_id","encounter_id") WHERE "encounter_diagnoses"."rank" = 'primary';--> statement-breakpoint
CREATE INDEX "encounter_diagnoses_patient_idx" ON "encounter_diagnoses" USING btree ("company_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_problems_active_uq" ON "patient_problems" USING btree ("company_id","patient_id","code_id") WHERE "patient_problems"."status" = 'active';--> statement-breakpoint
CREATE INDEX "patient_problems_patient_idx" ON "patient_problems" USING btree ("company_id","patient_id","status");