CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "totp_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint,
	"failures" integer DEFAULT 0 NOT NULL,
	"failures_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_credentials" ADD CONSTRAINT "totp_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_id_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
-- Issue 39: every process's session cache forgets the member when two-step sign-in is turned on
-- or off (their other sessions then wait for a code, or lose the staff rights it gave).
CREATE TRIGGER "totp_viewer_changed" AFTER UPDATE OF "confirmed_at" OR DELETE ON "totp_credentials" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_second_factor_changed" AFTER UPDATE OF "second_factor_at" ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"('user_id');
