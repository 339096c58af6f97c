ALTER TABLE "employees" ADD COLUMN "start_screen" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "last_clinic_id" uuid;--> statement-breakpoint
-- My day: every company's built-in Doctor role gains it, as new companies' does.
INSERT INTO "permissions" ("code") VALUES ('my_day') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("company_id", "role_id", "permission")
  SELECT "company_id", "id", 'my_day' FROM "roles" WHERE "is_system" AND "name" = 'Doctor'
  ON CONFLICT DO NOTHING;
