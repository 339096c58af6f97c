-- A text reminder records the channel that delivered it: WhatsApp for a patient who prefers it and agreed, else SMS.
ALTER TABLE reminders DROP CONSTRAINT IF EXISTS reminders_channel_check;
--> statement-breakpoint
ALTER TABLE reminders ADD CONSTRAINT reminders_delivery_channel_check CHECK (channel IN ('email', 'sms', 'whatsapp'));
