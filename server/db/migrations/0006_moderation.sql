CREATE TABLE "blocked_phrases" (
	"phrase" text PRIMARY KEY NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_display_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_flags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
ALTER TABLE "intentions" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimonies" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocked_phrases" ADD CONSTRAINT "blocked_phrases_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_audit_page_idx" ON "moderation_audit" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_flags_open_once" ON "moderation_flags" USING btree ("target_type","target_id","reason") WHERE "moderation_flags"."resolved_at" is null;--> statement-breakpoint
-- The audit log is append-only (issue 8): no route edits it, and the database refuses too.
CREATE FUNCTION "moderation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'moderation_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_audit_no_change" BEFORE UPDATE OR DELETE ON "moderation_audit"
	FOR EACH ROW EXECUTE FUNCTION "moderation_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_audit_no_truncate" BEFORE TRUNCATE ON "moderation_audit"
	FOR EACH STATEMENT EXECUTE FUNCTION "moderation_audit_append_only"();
