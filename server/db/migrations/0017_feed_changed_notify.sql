-- Issue 22: every server process caches the wall's feed pages (server/intentions/feed-cache.ts).
-- Any write to a table a feed page is read from notifies every process at commit, whichever
-- process, script or console made it, so no page outlives what it shows (ADR 0026). One
-- notification per statement, and PostgreSQL folds a transaction's identical ones into one.
-- The payload 'scope' says a viewer's scope may have changed too (their groups, or a held card
-- of their own: what decides which pages they share), which a count's change never does.
CREATE FUNCTION "notify_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('feed_changed', coalesce(TG_ARGV[0], ''));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "intentions_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "intentions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "prayers_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "prayers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "intention_reactions_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "intention_reactions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "reports_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "reports" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "intention_tags_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "intention_tags" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "tags_feed_changed" AFTER UPDATE OR DELETE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "prayer_updates_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "prayer_updates" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "testimonies_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "testimonies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "groups_feed_changed" AFTER UPDATE OR DELETE ON "groups" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "group_members_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "group_members" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"('scope');
--> statement-breakpoint
CREATE TRIGGER "intentions_feed_scope_changed" AFTER INSERT OR DELETE OR UPDATE OF "held_at", "removed_at", "author_id" ON "intentions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"('scope');
--> statement-breakpoint
CREATE TRIGGER "users_feed_changed" AFTER UPDATE OF "display_name", "first_name", "last_name" OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
