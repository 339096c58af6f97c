CREATE TABLE "whatsapp_messages" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"purpose" text NOT NULL,
	"reminder_id" uuid,
	"appointment_id" uuid,
	"status" text DEFAULT 'accepted' NOT NULL,
	"detail" text,
	"phone" text NOT NULL,
	"fallback_sealed" text,
	"fallback_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_company_id_reminder_id_reminders_company_id_id_fk" FOREIGN KEY ("company_id","reminder_id") REFERENCES "public"."reminders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_message_key" ON "whatsapp_messages" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_message_idx" ON "whatsapp_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_idx" ON "whatsapp_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_reminder_idx" ON "whatsapp_messages" USING btree ("company_id","reminder_id");