CREATE TABLE "testimonies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"category_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" text NOT NULL,
	"intention_id" uuid,
	"group_id" uuid,
	"amen_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"removal_reason" text,
	CONSTRAINT "testimonies_amen_count_not_negative" CHECK ("testimonies"."amen_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "testimony_reactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"testimony_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimony_reactions_once" UNIQUE("testimony_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "testimonies" ADD CONSTRAINT "testimonies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonies" ADD CONSTRAINT "testimonies_intention_id_intentions_id_fk" FOREIGN KEY ("intention_id") REFERENCES "public"."intentions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonies" ADD CONSTRAINT "testimonies_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonies" ADD CONSTRAINT "testimonies_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimony_reactions" ADD CONSTRAINT "testimony_reactions_testimony_id_testimonies_id_fk" FOREIGN KEY ("testimony_id") REFERENCES "public"."testimonies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimony_reactions" ADD CONSTRAINT "testimony_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonies_feed_idx" ON "testimonies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "testimonies_author_idx" ON "testimonies" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "testimonies_one_per_intention" ON "testimonies" USING btree ("intention_id") WHERE "testimonies"."intention_id" is not null and "testimonies"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "testimony_reactions_list_idx" ON "testimony_reactions" USING btree ("testimony_id","kind","created_at","user_id");