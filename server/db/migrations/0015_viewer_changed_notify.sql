-- Issue 22: every server process caches session rows for a few seconds (server/auth/session-cache.ts).
-- A deleted session (sign-out, password reset, expiry) or a change to what the viewer carries
-- (display name, roles, verification, profile, suspension) notifies every process at commit,
-- whichever process, script or console made it (ADR 0022).
-- The trigger's argument names the column that holds the user id.
CREATE FUNCTION "notify_viewer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('viewer_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_viewer_changed" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_viewer_changed" AFTER UPDATE OF "display_name", "roles", "email_verified_at", "profile_completed_at", "suspended_until" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"('id');
