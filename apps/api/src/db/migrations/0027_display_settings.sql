ALTER TABLE "companies" ADD COLUMN "hijri_mode" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "hijri_mode" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "digits" text DEFAULT 'latn' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "first_day_of_week" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "weekend_days" jsonb DEFAULT '[5,6]'::jsonb NOT NULL;