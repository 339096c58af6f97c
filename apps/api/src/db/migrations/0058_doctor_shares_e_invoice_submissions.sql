CREATE TABLE "e_invoice_submissions" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"e_invoice_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response" jsonb,
	"cleared_xml" text,
	"last_error" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "e_invoice_submissions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "doctor_share_entries" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_index" integer NOT NULL,
	"service_id" uuid,
	"description" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"cause" text NOT NULL,
	"currency" text NOT NULL,
	"taken" bigint DEFAULT 0 NOT NULL,
	"base" bigint DEFAULT 0 NOT NULL,
	"share" bigint DEFAULT 0 NOT NULL,
	"rule_id" uuid NOT NULL,
	"applied" jsonb NOT NULL,
	"close_id" uuid,
	"period_day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_share_entries_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "doctor_share_payouts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_share_payouts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "doctor_share_rules" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"service_id" uuid,
	"kind" text NOT NULL,
	"percent_basis_points" integer,
	"fixed_amount" bigint,
	"tiers" jsonb,
	"effective_from" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_share_rules_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "e_invoice_settings" ADD COLUMN "onboarding_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "e_invoice_settings" ADD COLUMN "csid_token" text;--> statement-breakpoint
ALTER TABLE "e_invoice_settings" ADD COLUMN "csid_secret_enc" text;--> statement-breakpoint
ALTER TABLE "e_invoice_settings" ADD COLUMN "compliance_request_id" text;--> statement-breakpoint
ALTER TABLE "e_invoice_settings" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "e_invoice_submissions" ADD CONSTRAINT "e_invoice_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_submissions" ADD CONSTRAINT "e_invoice_submissions_company_id_e_invoice_id_e_invoices_company_id_id_fk" FOREIGN KEY ("company_id","e_invoice_id") REFERENCES "public"."e_invoices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_entries" ADD CONSTRAINT "doctor_share_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_entries" ADD CONSTRAINT "doctor_share_entries_company_id_invoice_id_invoices_company_id_id_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_entries" ADD CONSTRAINT "doctor_share_entries_company_id_doctor_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","doctor_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_entries" ADD CONSTRAINT "doctor_share_entries_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_entries" ADD CONSTRAINT "doctor_share_entries_company_id_close_id_cash_box_closes_company_id_id_fk" FOREIGN KEY ("company_id","close_id") REFERENCES "public"."cash_box_closes"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_payouts" ADD CONSTRAINT "doctor_share_payouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_payouts" ADD CONSTRAINT "doctor_share_payouts_company_id_doctor_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","doctor_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_rules" ADD CONSTRAINT "doctor_share_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_share_rules" ADD CONSTRAINT "doctor_share_rules_company_id_doctor_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","doctor_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoice_submissions_document_uq" ON "e_invoice_submissions" USING btree ("company_id","e_invoice_id");--> statement-breakpoint
CREATE INDEX "e_invoice_submissions_status_idx" ON "e_invoice_submissions" USING btree ("company_id","status","created_at") WHERE "e_invoice_submissions"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "doctor_share_entries_line_idx" ON "doctor_share_entries" USING btree ("company_id","invoice_id","line_index");--> statement-breakpoint
CREATE INDEX "doctor_share_entries_period_idx" ON "doctor_share_entries" USING btree ("company_id","doctor_id","period_day");--> statement-breakpoint
CREATE INDEX "doctor_share_entries_open_idx" ON "doctor_share_entries" USING btree ("company_id","clinic_id") WHERE "doctor_share_entries"."close_id" is null;--> statement-breakpoint
CREATE INDEX "doctor_share_payouts_doctor_idx" ON "doctor_share_payouts" USING btree ("company_id","doctor_id","period_from");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_share_rules_uq" ON "doctor_share_rules" USING btree ("company_id","doctor_id",coalesce("service_id", '00000000-0000-0000-0000-000000000000'::uuid),"effective_from");--> statement-breakpoint
-- A doctor's share entry is written once; the only change ever made is the day close stamping it (close and day, once).
CREATE OR REPLACE FUNCTION doctor_share_entries_lock_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.close_id IS NULL AND NEW.close_id IS NOT NULL AND NEW.period_day IS NOT NULL
     AND (to_jsonb(NEW) - 'close_id' - 'period_day') = (to_jsonb(OLD) - 'close_id' - 'period_day') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% rows cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_share_entries_append_only BEFORE UPDATE OR DELETE ON doctor_share_entries FOR EACH ROW EXECUTE FUNCTION doctor_share_entries_lock_once();
--> statement-breakpoint
CREATE TRIGGER doctor_share_payouts_append_only BEFORE UPDATE OR DELETE ON doctor_share_payouts FOR EACH ROW EXECUTE FUNCTION billing_append_only();
--> statement-breakpoint
-- A rule is never edited (a change is a new rule from a later day); one not yet in effect may be withdrawn.
CREATE TRIGGER doctor_share_rules_no_update BEFORE UPDATE ON doctor_share_rules FOR EACH ROW EXECUTE FUNCTION billing_append_only();
