-- Appointments by status and date: the list finds a day's matches through this index, orders them by creation and
-- keeps a page, and counts as far as it shows. With the clinic, creation time and id in the index, neither reads the
-- table (a network's busy day: thousands of matches). It replaces appointments_status_time_idx, which held the keys
-- only.
CREATE INDEX IF NOT EXISTS appointments_status_page_idx ON appointments (company_id, status, starts_at) INCLUDE (clinic_id, created_at, id);
