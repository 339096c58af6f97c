ALTER TABLE "companies" ADD COLUMN "late_cancellation_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "arrived_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "called_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "called_in_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "no_show_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_note" text;