CREATE TABLE "community_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_settings_one_row" CHECK ("community_settings"."id" = 1)
);
