CREATE TABLE "medications" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"generic_name" text DEFAULT '' NOT NULL,
	"form" text DEFAULT '' NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"match_key" text NOT NULL,
	"name_key" text NOT NULL,
	"generic_key" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medications_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_medications" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"medication_id" uuid,
	"name" text NOT NULL,
	"generic_name" text DEFAULT '' NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"form" text DEFAULT '' NOT NULL,
	"name_key" text NOT NULL,
	"generic_key" text DEFAULT '' NOT NULL,
	"dose" numeric(12, 3),
	"unit" text,
	"route" text NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"status_changed_by" uuid,
	"status_changed_at" timestamp with time zone,
	"source" text DEFAULT 'manual' NOT NULL,
	"prescription_id" uuid,
	"encounter_id" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_medications_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "patient_medications_status_ck" CHECK ("patient_medications"."status" in ('active', 'stopped', 'completed')),
	CONSTRAINT "patient_medications_source_ck" CHECK ("patient_medications"."source" in ('manual', 'prescription')),
	CONSTRAINT "patient_medications_dates_ck" CHECK ("patient_medications"."end_date" is null or "patient_medications"."end_date" >= "patient_medications"."start_date"),
	CONSTRAINT "patient_medications_stopped_ck" CHECK ("patient_medications"."status" = 'active' or "patient_medications"."status_changed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medications" ADD CONSTRAINT "patient_medications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medications" ADD CONSTRAINT "patient_medications_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medications" ADD CONSTRAINT "patient_medications_company_id_medication_id_medications_company_id_id_fk" FOREIGN KEY ("company_id","medication_id") REFERENCES "public"."medications"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medications_match_key_uq" ON "medications" USING btree ("company_id","match_key");--> statement-breakpoint
CREATE INDEX "medications_name_idx" ON "medications" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "patient_medications_patient_idx" ON "patient_medications" USING btree ("company_id","patient_id","status");