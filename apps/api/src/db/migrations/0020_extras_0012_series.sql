-- Buffers: an appointment blocks its doctor over [starts_at - buffer_before, ends_at + buffer_after). The range is kept
-- in blocked_from/blocked_until by a trigger on every write (timestamptz arithmetic is not immutable, so it cannot be
-- an expression of the constraint), whoever writes the row.
CREATE OR REPLACE FUNCTION appointments_blocked_range() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_from := NEW.starts_at - make_interval(mins => NEW.buffer_before_minutes);
  NEW.blocked_until := NEW.ends_at + make_interval(mins => NEW.buffer_after_minutes);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS appointments_blocked_range ON appointments;
--> statement-breakpoint
CREATE TRIGGER appointments_blocked_range BEFORE INSERT OR UPDATE OF starts_at, ends_at, buffer_before_minutes, buffer_after_minutes
  ON appointments FOR EACH ROW EXECUTE FUNCTION appointments_blocked_range();
--> statement-breakpoint
UPDATE appointments SET blocked_from = starts_at, blocked_until = ends_at WHERE blocked_from IS NULL OR blocked_until IS NULL;
--> statement-breakpoint
ALTER TABLE appointments ALTER COLUMN blocked_from SET NOT NULL;
--> statement-breakpoint
ALTER TABLE appointments ALTER COLUMN blocked_until SET NOT NULL;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_buffers_check
  CHECK (buffer_before_minutes BETWEEN 0 AND 240 AND buffer_after_minutes BETWEEN 0 AND 240);
--> statement-breakpoint
ALTER TABLE services ADD CONSTRAINT services_buffers_check
  CHECK (buffer_before_minutes BETWEEN 0 AND 240 AND buffer_after_minutes BETWEEN 0 AND 240);
--> statement-breakpoint
-- The doctor's time: the buffered range of every active appointment, except those booked on purpose on top of others
-- (overbooked, permission appointment_overbook). The patient's own constraint keeps the visit itself, overbooked or not.
ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_active_doctor_no_overlap;
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_doctor_buffered_no_overlap
  EXCLUDE USING gist (company_id WITH =, doctor_id WITH =, tstzrange(blocked_from, blocked_until, '[)') WITH &&)
  WHERE (status IN ('scheduled', 'arrived', 'in_consultation') AND NOT overbooked);
--> statement-breakpoint
ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_status_check CHECK (status IN ('open', 'booked', 'closed'));
--> statement-breakpoint
ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_priority_check CHECK (priority BETWEEN 0 AND 2);
--> statement-breakpoint
ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_booked_check CHECK ((status = 'booked') = (appointment_id IS NOT NULL));
