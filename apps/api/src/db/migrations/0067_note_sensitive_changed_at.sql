ALTER TABLE "encounter_notes" ADD COLUMN "sensitive_changed_at" timestamp with time zone;--> statement-breakpoint
-- A note already sensitive was marked at its last change at the latest.
UPDATE "encounter_notes" SET "sensitive_changed_at" = "updated_at" WHERE "sensitive";
