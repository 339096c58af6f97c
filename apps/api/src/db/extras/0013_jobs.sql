-- Background jobs, reminders and notifications.
-- Due work across companies: the runner's claim reads only queued and running rows, oldest due first.
CREATE INDEX IF NOT EXISTS jobs_due_idx ON jobs (run_at) WHERE state IN ('queued', 'running');
--> statement-breakpoint
ALTER TABLE jobs ADD CONSTRAINT jobs_state_check CHECK (state IN ('queued', 'running', 'done', 'failed'));
--> statement-breakpoint
ALTER TABLE reminders ADD CONSTRAINT reminders_status_check CHECK (status IN ('planned', 'sent', 'failed', 'skipped', 'withdrawn'));
--> statement-breakpoint
ALTER TABLE reminders ADD CONSTRAINT reminders_channel_check CHECK (channel IN ('email', 'sms'));
--> statement-breakpoint
-- The bell's unread count reads only unread rows.
CREATE INDEX IF NOT EXISTS notifications_unread_idx ON notifications (company_id, recipient_id) WHERE read_at IS NULL;
