CREATE SCHEMA "change_stamps";
--> statement-breakpoint
CREATE TABLE "sign_in_names" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "sign_in_names_kind_name_pk" PRIMARY KEY("kind","name")
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"company_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_company_id_file_id_seq_pk" PRIMARY KEY("company_id","file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"signing_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_stamps"."calendar_stamps" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"stamp" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_stamps"."calendar_stamps_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_stamps"."calendar_stamps_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_export_chunks" (
	"company_id" uuid NOT NULL,
	"export_id" uuid NOT NULL,
	"type" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "fhir_export_chunks_company_id_export_id_type_seq_pk" PRIMARY KEY("company_id","export_id","type","seq")
);
--> statement-breakpoint
CREATE TABLE "billing_counters" (
	"company_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"series" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_counters_company_id_clinic_id_series_pk" PRIMARY KEY("company_id","clinic_id","series")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"vat_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_box_closes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"cash_box_id" uuid NOT NULL,
	"day" date NOT NULL,
	"expected" bigint DEFAULT 0 NOT NULL,
	"counted" bigint DEFAULT 0 NOT NULL,
	"difference" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_box_closes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "cash_box_transactions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"cash_box_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"invoice_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_box_transactions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "cash_boxes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_boxes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"display_number" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"insurer" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_claims_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid,
	"appointment_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" integer,
	"display_number" text,
	"visit_date" date NOT NULL,
	"currency" text NOT NULL,
	"minor_digits" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"tax_number" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"insurer" jsonb,
	"insurer_share" bigint DEFAULT 0 NOT NULL,
	"patient_share" bigint DEFAULT 0 NOT NULL,
	"apply_insurance" boolean DEFAULT true NOT NULL,
	"credited_total" bigint DEFAULT 0 NOT NULL,
	"paid_total" bigint DEFAULT 0 NOT NULL,
	"refunded_total" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"processing_fee" bigint DEFAULT 0 NOT NULL,
	"cash_box_id" uuid,
	"payment_method_name" text,
	"credit_note_id" uuid,
	"reference" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
DROP INDEX "employees_username_uq";--> statement-breakpoint
DROP INDEX "employees_login_email_uq";--> statement-breakpoint
DROP INDEX "refresh_tokens_hash_uq";--> statement-breakpoint
DROP INDEX "calendar_feeds_secret_uq";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "storage_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."files"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_export_chunks" ADD CONSTRAINT "fhir_export_chunks_export_fk" FOREIGN KEY ("company_id","export_id") REFERENCES "public"."fhir_exports"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_counters" ADD CONSTRAINT "billing_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_box_closes" ADD CONSTRAINT "cash_box_closes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_box_closes" ADD CONSTRAINT "cash_box_closes_company_id_cash_box_id_cash_boxes_company_id_id_fk" FOREIGN KEY ("company_id","cash_box_id") REFERENCES "public"."cash_boxes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_box_transactions" ADD CONSTRAINT "cash_box_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_box_transactions" ADD CONSTRAINT "cash_box_transactions_company_id_cash_box_id_cash_boxes_company_id_id_fk" FOREIGN KEY ("company_id","cash_box_id") REFERENCES "public"."cash_boxes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_boxes" ADD CONSTRAINT "cash_boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_invoice_id_invoices_company_id_id_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_company_id_invoice_id_invoices_company_id_id_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_doctor_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","doctor_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_invoice_id_invoices_company_id_id_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_cash_box_id_cash_boxes_company_id_id_fk" FOREIGN KEY ("company_id","cash_box_id") REFERENCES "public"."cash_boxes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_credit_note_id_credit_notes_company_id_id_fk" FOREIGN KEY ("company_id","credit_note_id") REFERENCES "public"."credit_notes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_names_employee_idx" ON "sign_in_names" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_box_closes_day_uq" ON "cash_box_closes" USING btree ("company_id","cash_box_id","day");--> statement-breakpoint
CREATE INDEX "cash_box_transactions_box_idx" ON "cash_box_transactions" USING btree ("company_id","cash_box_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_boxes_owner_name_uq" ON "cash_boxes" USING btree ("company_id",coalesce("clinic_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_uq" ON "credit_notes" USING btree ("company_id","clinic_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_invoice_uq" ON "insurance_claims" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_status_idx" ON "insurance_claims" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("company_id","clinic_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_appointment_uq" ON "invoices" USING btree ("company_id","appointment_id");--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_patient_idx" ON "invoices" USING btree ("company_id","patient_id");--> statement-breakpoint
CREATE INDEX "invoices_visit_idx" ON "invoices" USING btree ("company_id","visit_date");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "employees_username_idx" ON "employees" USING btree (lower("username")) WHERE "employees"."username" is not null;--> statement-breakpoint
CREATE INDEX "employees_login_email_idx" ON "employees" USING btree (lower("email")) WHERE "employees"."password_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_company_hash_uq" ON "refresh_tokens" USING btree ("company_id","token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_hash_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_company_secret_uq" ON "calendar_feeds" USING btree ("company_id","secret_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_secret_idx" ON "calendar_feeds" USING btree ("secret_hash");