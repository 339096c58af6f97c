CREATE SCHEMA "change_stamps";
--> statement-breakpoint
CREATE TABLE "change_stamps"."calendar_stamps" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"stamp" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_stamps"."calendar_stamps_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_stamps"."calendar_stamps_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL
);
