CREATE TABLE "prescription_items" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"medication_id" uuid NOT NULL,
	"name" text NOT NULL,
	"generic_name" text DEFAULT '' NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"form" text DEFAULT '' NOT NULL,
	"dose" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"route" text NOT NULL,
	"frequency" text NOT NULL,
	"duration_days" integer NOT NULL,
	"quantity" integer NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_items_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "prescription_items_dose_ck" CHECK ("prescription_items"."dose" > 0),
	CONSTRAINT "prescription_items_duration_ck" CHECK ("prescription_items"."duration_days" between 1 and 366),
	CONSTRAINT "prescription_items_quantity_ck" CHECK ("prescription_items"."quantity" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"prescriber_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"encounter_id" uuid,
	"language" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"issued_at" timestamp with time zone,
	"valid_until" date,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"verification_token" text NOT NULL,
	"acknowledgements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "prescriptions_status_ck" CHECK ("prescriptions"."status" in ('draft', 'issued', 'cancelled')),
	CONSTRAINT "prescriptions_language_ck" CHECK ("prescriptions"."language" in ('en', 'ar')),
	CONSTRAINT "prescriptions_valid_days_ck" CHECK ("prescriptions"."valid_days" between 1 and 180),
	CONSTRAINT "prescriptions_issued_ck" CHECK ("prescriptions"."status" = 'draft' or ("prescriptions"."issued_at" is not null and "prescriptions"."valid_until" is not null)),
	CONSTRAINT "prescriptions_cancelled_ck" CHECK (("prescriptions"."status" = 'cancelled') = ("prescriptions"."cancelled_at" is not null) and ("prescriptions"."status" <> 'cancelled' or "prescriptions"."cancel_reason" <> ''))
);
--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_company_id_prescription_id_prescriptions_company_id_id_fk" FOREIGN KEY ("company_id","prescription_id") REFERENCES "public"."prescriptions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_company_id_medication_id_medications_company_id_id_fk" FOREIGN KEY ("company_id","medication_id") REFERENCES "public"."medications"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_company_id_prescriber_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","prescriber_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_company_id_encounter_id_patient_id_encounters_company_id_id_patient_id_fk" FOREIGN KEY ("company_id","encounter_id","patient_id") REFERENCES "public"."encounters"("company_id","id","patient_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_items_position_uq" ON "prescription_items" USING btree ("company_id","prescription_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_number_uq" ON "prescriptions" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_token_uq" ON "prescriptions" USING btree ("verification_token");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_idx" ON "prescriptions" USING btree ("company_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "prescriptions_encounter_idx" ON "prescriptions" USING btree ("company_id","encounter_id");