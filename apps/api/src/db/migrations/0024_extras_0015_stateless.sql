-- Stateless servers: the shared settings table holds exactly one row.
ALTER TABLE server_settings ADD CONSTRAINT server_settings_single_row CHECK (id = 1);
