-- Issue 38: a moderator's approval clears users.pending_since, which the viewer carries (a member
-- waiting for approval is refused every call but a few). The 0015 trigger now also fires on it,
-- so every process's session cache forgets the member at the approval's commit (ADR 0022).
DROP TRIGGER "users_viewer_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_viewer_changed" AFTER UPDATE OF "display_name", "roles", "email_verified_at", "profile_completed_at", "suspended_until", "pending_since" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"('id');
