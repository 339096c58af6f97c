-- Stateless servers: the shared settings table holds exactly one row.
ALTER TABLE server_settings ADD CONSTRAINT server_settings_single_row CHECK (id = 1);
--> statement-breakpoint
-- Sign-in names across companies (sign_in_names), kept with the account in the same transaction. A name already
-- taken raises a unique violation naming sign_in_names_username_uq or sign_in_names_email_uq.
CREATE OR REPLACE FUNCTION employees_sign_in_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM sign_in_names WHERE company_id = OLD.company_id AND employee_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.username IS NOT NULL THEN
      INSERT INTO sign_in_names (kind, name, company_id, employee_id) VALUES ('username', lower(NEW.username), NEW.company_id, NEW.id)
        ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'duplicate key value violates unique constraint "sign_in_names_username_uq"'
          USING ERRCODE = 'unique_violation', CONSTRAINT = 'sign_in_names_username_uq';
      END IF;
    END IF;
    IF NEW.password_hash IS NOT NULL AND NEW.email IS NOT NULL THEN
      INSERT INTO sign_in_names (kind, name, company_id, employee_id) VALUES ('email', lower(NEW.email), NEW.company_id, NEW.id)
        ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'duplicate key value violates unique constraint "sign_in_names_email_uq"'
          USING ERRCODE = 'unique_violation', CONSTRAINT = 'sign_in_names_email_uq';
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employees_sign_in_names AFTER INSERT OR DELETE OR UPDATE OF username, email, password_hash ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_sign_in_names();
--> statement-breakpoint
-- Names of the accounts that exist already (unique before, under the indexes this replaces).
INSERT INTO sign_in_names (kind, name, company_id, employee_id)
  SELECT 'username', lower(username), company_id, id FROM employees WHERE username IS NOT NULL
  UNION ALL
  SELECT 'email', lower(email), company_id, id FROM employees WHERE password_hash IS NOT NULL AND email IS NOT NULL;
