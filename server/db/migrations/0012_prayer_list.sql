CREATE TABLE "prayer_list_entries" (
	"user_id" uuid NOT NULL,
	"intention_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prayer_list_entries_user_id_intention_id_pk" PRIMARY KEY("user_id","intention_id")
);
--> statement-breakpoint
CREATE TABLE "prayer_updates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"intention_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"slots" jsonb NOT NULL,
	"next_reminder_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prayer_list_entries" ADD CONSTRAINT "prayer_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_list_entries" ADD CONSTRAINT "prayer_list_entries_intention_id_intentions_id_fk" FOREIGN KEY ("intention_id") REFERENCES "public"."intentions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_updates" ADD CONSTRAINT "prayer_updates_intention_id_intentions_id_fk" FOREIGN KEY ("intention_id") REFERENCES "public"."intentions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prayer_list_entries_intention_idx" ON "prayer_list_entries" USING btree ("intention_id");--> statement-breakpoint
CREATE INDEX "prayer_updates_intention_idx" ON "prayer_updates" USING btree ("intention_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_settings_next_idx" ON "reminder_settings" USING btree ("next_reminder_at");