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
CREATE TABLE "fhir_export_chunks" (
	"company_id" uuid NOT NULL,
	"export_id" uuid NOT NULL,
	"type" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "fhir_export_chunks_company_id_export_id_type_seq_pk" PRIMARY KEY("company_id","export_id","type","seq")
);
--> statement-breakpoint
DROP INDEX "employees_username_uq";--> statement-breakpoint
DROP INDEX "employees_login_email_uq";--> statement-breakpoint
DROP INDEX "refresh_tokens_hash_uq";--> statement-breakpoint
DROP INDEX "calendar_feeds_secret_uq";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "storage_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."files"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_export_chunks" ADD CONSTRAINT "fhir_export_chunks_export_fk" FOREIGN KEY ("company_id","export_id") REFERENCES "public"."fhir_exports"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_names_employee_idx" ON "sign_in_names" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE INDEX "employees_username_idx" ON "employees" USING btree (lower("username")) WHERE "employees"."username" is not null;--> statement-breakpoint
CREATE INDEX "employees_login_email_idx" ON "employees" USING btree (lower("email")) WHERE "employees"."password_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_company_hash_uq" ON "refresh_tokens" USING btree ("company_id","token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_hash_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_company_secret_uq" ON "calendar_feeds" USING btree ("company_id","secret_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_secret_idx" ON "calendar_feeds" USING btree ("secret_hash");