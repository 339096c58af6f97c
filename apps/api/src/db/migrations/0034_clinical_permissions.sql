-- The clinical record's permissions; every company's built-in Doctor and Nurse roles gain them, as new companies' do.
INSERT INTO "permissions" ("code") VALUES ('clinical_read'), ('clinical_write'), ('prescribe'), ('order'), ('result_write') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("company_id", "role_id", "permission")
  SELECT r."company_id", r."id", p.code FROM "roles" r
  CROSS JOIN (VALUES ('clinical_read'), ('clinical_write'), ('prescribe'), ('order'), ('result_write')) AS p(code)
  WHERE r."is_system" AND r."name" = 'Doctor'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("company_id", "role_id", "permission")
  SELECT r."company_id", r."id", p.code FROM "roles" r
  CROSS JOIN (VALUES ('clinical_read'), ('clinical_write'), ('result_write')) AS p(code)
  WHERE r."is_system" AND r."name" = 'Nurse'
  ON CONFLICT DO NOTHING;
