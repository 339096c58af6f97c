-- The company's next human-readable number for a kind of record (APT-000042), as one SQL call: an INSERT that calls
-- it takes the number and stores the row in one statement. Outside an explicit transaction the counter row is then
-- locked only while PostgreSQL runs and commits that statement, not across round trips to the application, and a
-- refused insert (an overlapping booking) rolls the number back with it, so numbers stay gapless.
CREATE OR REPLACE FUNCTION next_public_id(p_company uuid, p_entity text, p_prefix text) RETURNS text
LANGUAGE sql VOLATILE AS $$
  INSERT INTO public_id_counters AS c (company_id, entity, last_value) VALUES (p_company, p_entity, 1)
  ON CONFLICT (company_id, entity) DO UPDATE SET last_value = c.last_value + 1
  RETURNING p_prefix || '-' || lpad(c.last_value::text, greatest(6, length(c.last_value::text)), '0')
$$;
