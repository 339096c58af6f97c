-- Patients' mobile numbers in one form, E.164 (lib/phone.ts): a Saudi mobile stored as typed locally (0501234567),
-- with 00 or without its + becomes +966501234567, so that the duplicate checks, the booking page's per-number limits
-- and the texts sent to it see one number. Other numbers are left as they are (read again, they keep working).
UPDATE "patients" SET "phone" = '+966' || substr("phone", 2) WHERE "phone" ~ '^05[0-9]{8}$';--> statement-breakpoint
UPDATE "patients" SET "phone" = '+' || substr("phone", 3) WHERE "phone" ~ '^009665[0-9]{8}$';--> statement-breakpoint
UPDATE "patients" SET "phone" = '+' || "phone" WHERE "phone" ~ '^9665[0-9]{8}$';--> statement-breakpoint
UPDATE "online_bookings" SET "phone" = '+966' || substr("phone", 2) WHERE "phone" ~ '^05[0-9]{8}$';--> statement-breakpoint
UPDATE "online_bookings" SET "phone" = '+' || substr("phone", 3) WHERE "phone" ~ '^009665[0-9]{8}$';--> statement-breakpoint
UPDATE "online_bookings" SET "phone" = '+' || "phone" WHERE "phone" ~ '^9665[0-9]{8}$';--> statement-breakpoint
UPDATE "phone_verifications" SET "phone" = '+966' || substr("phone", 2) WHERE "phone" ~ '^05[0-9]{8}$';--> statement-breakpoint
UPDATE "phone_verifications" SET "phone" = '+' || substr("phone", 3) WHERE "phone" ~ '^009665[0-9]{8}$';--> statement-breakpoint
UPDATE "phone_verifications" SET "phone" = '+' || "phone" WHERE "phone" ~ '^9665[0-9]{8}$';
