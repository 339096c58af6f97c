CREATE TABLE "order_catalogue_items" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"kind" text NOT NULL,
	"analytes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_catalogue_items_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "order_catalogue_kind_ck" CHECK ("order_catalogue_items"."kind" in ('lab', 'imaging'))
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"company_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_counters_company_id_prefix_year_pk" PRIMARY KEY("company_id","prefix","year")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"catalogue_item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"analytes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "order_items_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_results" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"analyte_code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"low" double precision,
	"high" double precision,
	"critical_low" double precision,
	"critical_high" double precision,
	"flag" text NOT NULL,
	"entered_by" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_results_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "order_results_flag_ck" CHECK ("order_results"."flag" in ('normal', 'low', 'high', 'criticalLow', 'criticalHigh', 'noRange'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"encounter_id" uuid,
	"priority" text DEFAULT 'routine' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_by" uuid,
	"collected_at" timestamp with time zone,
	"collected_by" uuid,
	"resulted_at" timestamp with time zone,
	"resulted_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"result_note" text DEFAULT '' NOT NULL,
	"result_file_id" uuid,
	"abnormal" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "orders_kind_ck" CHECK ("orders"."kind" in ('lab', 'imaging')),
	CONSTRAINT "orders_priority_ck" CHECK ("orders"."priority" in ('routine', 'urgent')),
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('ordered', 'collected', 'resulted', 'cancelled')),
	CONSTRAINT "orders_cancel_ck" CHECK (("orders"."status" = 'cancelled') = ("orders"."cancelled_at" is not null)),
	CONSTRAINT "orders_resulted_ck" CHECK (("orders"."status" = 'resulted') = ("orders"."resulted_at" is not null)),
	CONSTRAINT "orders_acknowledged_ck" CHECK ("orders"."acknowledged_at" is null or "orders"."status" = 'resulted')
);
--> statement-breakpoint
ALTER TABLE "order_catalogue_items" ADD CONSTRAINT "order_catalogue_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_catalogue_items" ADD CONSTRAINT "order_catalogue_items_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_company_id_catalogue_item_id_order_catalogue_items_company_id_id_fk" FOREIGN KEY ("company_id","catalogue_item_id") REFERENCES "public"."order_catalogue_items"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_results" ADD CONSTRAINT "order_results_company_id_order_id_orders_company_id_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_results" ADD CONSTRAINT "order_results_company_id_order_item_id_order_items_company_id_id_fk" FOREIGN KEY ("company_id","order_item_id") REFERENCES "public"."order_items"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_encounter_id_patient_id_encounters_company_id_id_patient_id_fk" FOREIGN KEY ("company_id","encounter_id","patient_id") REFERENCES "public"."encounters"("company_id","id","patient_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_doctor_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","doctor_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_result_file_id_files_company_id_id_fk" FOREIGN KEY ("company_id","result_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_catalogue_code_uq" ON "order_catalogue_items" USING btree ("company_id","clinic_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_uq" ON "order_items" USING btree ("company_id","order_id","catalogue_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_results_analyte_uq" ON "order_results" USING btree ("company_id","order_item_id","analyte_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "orders_patient_idx" ON "orders" USING btree ("company_id","patient_id","ordered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_encounter_idx" ON "orders" USING btree ("company_id","encounter_id") WHERE "orders"."encounter_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_to_review_idx" ON "orders" USING btree ("company_id","doctor_id","resulted_at" DESC NULLS LAST) WHERE "orders"."status" = 'resulted' and "orders"."acknowledged_at" is null;