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
ALTER TABLE "files" ALTER COLUMN "storage_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."files"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_export_chunks" ADD CONSTRAINT "fhir_export_chunks_export_fk" FOREIGN KEY ("company_id","export_id") REFERENCES "public"."fhir_exports"("company_id","id") ON DELETE cascade ON UPDATE no action;