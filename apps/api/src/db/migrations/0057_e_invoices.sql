CREATE TABLE "e_invoice_chain" (
	"company_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"last_icv" bigint DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "e_invoice_chain_company_id_clinic_id_pk" PRIMARY KEY("company_id","clinic_id")
);
--> statement-breakpoint
CREATE TABLE "e_invoice_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"seller_name" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"crn" text,
	"street" text,
	"building_number" text,
	"district" text,
	"city" text,
	"postal_code" text,
	"stamp_key_enc" text,
	"certificate" text,
	"environment" text DEFAULT 'none' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "e_invoices" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"icv" bigint NOT NULL,
	"pih" text NOT NULL,
	"hash" text NOT NULL,
	"signature" text,
	"qr" text NOT NULL,
	"xml" text NOT NULL,
	"parties" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "e_invoices_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "e_invoice_chain" ADD CONSTRAINT "e_invoice_chain_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_chain" ADD CONSTRAINT "e_invoice_chain_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_settings" ADD CONSTRAINT "e_invoice_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_icv_uq" ON "e_invoices" USING btree ("company_id","clinic_id","icv");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_document_uq" ON "e_invoices" USING btree ("company_id","kind","document_id");--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_kind_ck" CHECK ("kind" in ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_icv_ck" CHECK ("icv" > 0);--> statement-breakpoint
ALTER TABLE "e_invoice_settings" ADD CONSTRAINT "e_invoice_settings_environment_ck" CHECK ("environment" in ('none', 'simulation', 'production'));--> statement-breakpoint
-- What was reported is never edited or deleted, whatever writes to the database.
CREATE TRIGGER e_invoices_append_only BEFORE UPDATE OR DELETE ON e_invoices FOR EACH ROW EXECUTE FUNCTION billing_append_only();
