CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invites_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "invites_uses_within_max" CHECK ("invites"."max_uses" is null or "invites"."uses" <= "invites"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_sign_in_states" ADD COLUMN "invite_hash" text;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;