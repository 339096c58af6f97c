CREATE TABLE "queue_counters" (
	"company_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"day" date NOT NULL,
	"prefix" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "queue_counters_company_id_clinic_id_day_prefix_pk" PRIMARY KEY("company_id","clinic_id","day","prefix")
);
--> statement-breakpoint
CREATE TABLE "queue_displays" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"room" text,
	"pairing_expires_at" timestamp with time zone,
	"token_hash" text,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "queue_displays_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "queue_ticket_events" (
	"company_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "queue_ticket_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "queue_ticket_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "queue_tickets" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"day" date NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"number" integer NOT NULL,
	"doctor_id" uuid NOT NULL,
	"room" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"called_at" timestamp with time zone,
	"first_called_at" timestamp with time zone,
	"call_count" integer DEFAULT 0 NOT NULL,
	"estimated_wait_minutes" integer,
	"estimate_basis" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "queue_tickets_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "waiting_room_settings" (
	"company_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"prefix_by" text DEFAULT 'none' NOT NULL,
	"prefixes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rooms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_names" boolean DEFAULT false NOT NULL,
	"send_link" boolean DEFAULT true NOT NULL,
	"announce" text DEFAULT 'both' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_room_settings_company_id_clinic_id_pk" PRIMARY KEY("company_id","clinic_id")
);
--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_displays" ADD CONSTRAINT "queue_displays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_displays" ADD CONSTRAINT "queue_displays_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_ticket_events" ADD CONSTRAINT "queue_ticket_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_ticket_events" ADD CONSTRAINT "queue_ticket_events_company_id_ticket_id_queue_tickets_company_id_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."queue_tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_company_id_appointment_id_appointments_company_id_id_fk" FOREIGN KEY ("company_id","appointment_id") REFERENCES "public"."appointments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_company_id_doctor_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","doctor_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_settings" ADD CONSTRAINT "waiting_room_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_settings" ADD CONSTRAINT "waiting_room_settings_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_displays_clinic_idx" ON "queue_displays" USING btree ("company_id","clinic_id");--> statement-breakpoint
CREATE INDEX "queue_ticket_events_ticket_idx" ON "queue_ticket_events" USING btree ("company_id","ticket_id","at");--> statement-breakpoint
CREATE INDEX "queue_ticket_events_clinic_idx" ON "queue_ticket_events" USING btree ("company_id","clinic_id","kind","at");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tickets_appointment_uq" ON "queue_tickets" USING btree ("company_id","appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tickets_number_uq" ON "queue_tickets" USING btree ("company_id","clinic_id","day","prefix","number");--> statement-breakpoint
CREATE INDEX "queue_tickets_day_idx" ON "queue_tickets" USING btree ("company_id","clinic_id","day","state");--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_priority_ck" CHECK ("priority" in ('normal', 'elderly', 'urgent'));--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_state_ck" CHECK ("state" in ('waiting', 'called', 'skipped'));--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_number_ck" CHECK ("number" > 0);--> statement-breakpoint
ALTER TABLE "queue_ticket_events" ADD CONSTRAINT "queue_ticket_events_kind_ck" CHECK ("kind" in ('issued', 'called', 'recalled', 'skipped', 'priority', 'transferred'));--> statement-breakpoint
ALTER TABLE "waiting_room_settings" ADD CONSTRAINT "waiting_room_settings_prefix_by_ck" CHECK ("prefix_by" in ('none', 'doctor', 'service'));--> statement-breakpoint
ALTER TABLE "waiting_room_settings" ADD CONSTRAINT "waiting_room_settings_announce_ck" CHECK ("announce" in ('ar', 'en', 'both'));
