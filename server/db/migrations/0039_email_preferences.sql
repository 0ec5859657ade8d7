CREATE TABLE "mail_signing_key" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "email_activity" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "email_weekly_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "email_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "email_rooms" boolean DEFAULT false NOT NULL;