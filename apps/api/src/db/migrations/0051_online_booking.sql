CREATE TABLE "clinic_online_booking" (
	"company_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"mode" text DEFAULT 'instant' NOT NULL,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"doctor_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"max_per_phone_day" integer DEFAULT 2 NOT NULL,
	"max_per_phone_week" integer DEFAULT 4 NOT NULL,
	"cancellation_policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_online_booking_company_id_clinic_id_pk" PRIMARY KEY("company_id","clinic_id")
);
--> statement-breakpoint
CREATE TABLE "online_bookings" (
	"company_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"verification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_bookings_company_id_appointment_id_pk" PRIMARY KEY("company_id","appointment_id")
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text,
	"ip" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_verifications_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "booking_slug" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "self_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "preferred_channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "whatsapp_consent_source" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_online_booking" ADD CONSTRAINT "clinic_online_booking_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_bookings" ADD CONSTRAINT "online_bookings_company_id_appointment_id_appointments_company_id_id_fk" FOREIGN KEY ("company_id","appointment_id") REFERENCES "public"."appointments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_bookings_phone_idx" ON "online_bookings" USING btree ("company_id","clinic_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_idx" ON "phone_verifications" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_ip_idx" ON "phone_verifications" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_old_idx" ON "phone_verifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_booking_slug_uq" ON "companies" USING btree ("booking_slug");--> statement-breakpoint
CREATE INDEX "patients_self_registered_idx" ON "patients" USING btree ("company_id","created_at") WHERE "patients"."self_registered";