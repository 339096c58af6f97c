CREATE TABLE "patient_allergies" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"substance" text NOT NULL,
	"substance_key" text NOT NULL,
	"type" text DEFAULT 'allergy' NOT NULL,
	"reaction" text,
	"severity" text,
	"status" text DEFAULT 'active' NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "patient_allergies_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "patient_allergies_type_ck" CHECK ("patient_allergies"."type" in ('allergy', 'intolerance')),
	CONSTRAINT "patient_allergies_severity_ck" CHECK ("patient_allergies"."severity" in ('mild', 'moderate', 'severe', 'life_threatening')),
	CONSTRAINT "patient_allergies_status_ck" CHECK ("patient_allergies"."status" in ('active', 'inactive', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "patient_allergy_states" (
	"company_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"no_known_allergies" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_allergy_states_company_id_patient_id_pk" PRIMARY KEY("company_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "vital_reference_ranges" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"ranges" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vital_signs" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"encounter_id" uuid,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"height_cm" double precision,
	"weight_kg" double precision,
	"bmi" double precision,
	"temperature_c" double precision,
	"pulse" integer,
	"respiratory_rate" integer,
	"systolic" integer,
	"diastolic" integer,
	"spo2" integer,
	"pain_score" integer,
	"glucose_mmol" double precision,
	"entered_units" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"entered_in_error_at" timestamp with time zone,
	"entered_in_error_by" uuid,
	"entered_in_error_reason" text,
	CONSTRAINT "vital_signs_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "vital_signs_height_ck" CHECK ("vital_signs"."height_cm" between 20 and 250),
	CONSTRAINT "vital_signs_weight_ck" CHECK ("vital_signs"."weight_kg" between 0.3 and 350),
	CONSTRAINT "vital_signs_temperature_ck" CHECK ("vital_signs"."temperature_c" between 25 and 45),
	CONSTRAINT "vital_signs_pulse_ck" CHECK ("vital_signs"."pulse" between 20 and 300),
	CONSTRAINT "vital_signs_respiratory_ck" CHECK ("vital_signs"."respiratory_rate" between 2 and 80),
	CONSTRAINT "vital_signs_pressure_ck" CHECK ("vital_signs"."systolic" between 40 and 300 and "vital_signs"."diastolic" between 20 and 200 and "vital_signs"."diastolic" < "vital_signs"."systolic"),
	CONSTRAINT "vital_signs_spo2_ck" CHECK ("vital_signs"."spo2" between 40 and 100),
	CONSTRAINT "vital_signs_pain_ck" CHECK ("vital_signs"."pain_score" between 0 and 10),
	CONSTRAINT "vital_signs_glucose_ck" CHECK ("vital_signs"."glucose_mmol" between 0.5 and 60),
	CONSTRAINT "vital_signs_error_ck" CHECK (("vital_signs"."entered_in_error_at" is null) = ("vital_signs"."entered_in_error_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "patient_allergies" ADD CONSTRAINT "patient_allergies_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_allergy_states" ADD CONSTRAINT "patient_allergy_states_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_reference_ranges" ADD CONSTRAINT "vital_reference_ranges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_signs" ADD CONSTRAINT "vital_signs_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_allergies_substance_uq" ON "patient_allergies" USING btree ("company_id","patient_id","substance_key");--> statement-breakpoint
CREATE INDEX "vital_signs_patient_taken_idx" ON "vital_signs" USING btree ("company_id","patient_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vital_signs_encounter_idx" ON "vital_signs" USING btree ("company_id","encounter_id") WHERE "vital_signs"."encounter_id" is not null;