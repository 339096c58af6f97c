CREATE TABLE "whatsapp_early_statuses" (
	"message_id" text PRIMARY KEY NOT NULL,
	"statuses" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "whatsapp_early_statuses_received_idx" ON "whatsapp_early_statuses" USING btree ("received_at");