-- No appointment lasts longer than the longest visit a clinic or service may set (MAX_VISIT_MINUTES, 480): reads of
-- a time range rely on it to bound where overlapping appointments can start.
ALTER TABLE appointments ADD CONSTRAINT appointments_max_length CHECK (ends_at <= starts_at + interval '480 minutes');
--> statement-breakpoint
-- The patients list walks this index to find its page (newest first); with the ids in it, a deep page never reads
-- the table. It replaces patients_created_idx, which lacked the id.
CREATE INDEX IF NOT EXISTS patients_page_idx ON patients (company_id, created_at, public_id) INCLUDE (id);
--> statement-breakpoint
-- Patient search: one trigram index over the combined, lower-cased search text replaces the three per-column ones.
CREATE INDEX IF NOT EXISTS patients_search_trgm_idx ON patients USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS patients_public_id_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS patients_identity_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS patients_phone_trgm_idx;
