CREATE TABLE "room_amens" (
	"room_id" uuid NOT NULL,
	"session_at" timestamp with time zone NOT NULL,
	"intention_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_amens_room_id_session_at_intention_id_user_id_pk" PRIMARY KEY("room_id","session_at","intention_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_intentions" (
	"room_id" uuid NOT NULL,
	"intention_id" uuid NOT NULL,
	"brought_by" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_intentions_room_id_intention_id_pk" PRIMARY KEY("room_id","intention_id")
);
--> statement-breakpoint
CREATE TABLE "room_reminders" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_reminders_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_removals" (
	"room_id" uuid NOT NULL,
	"session_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_removals_room_id_session_at_user_id_pk" PRIMARY KEY("room_id","session_at","user_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"group_id" uuid,
	"created_by" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"repeat" jsonb,
	"quiet" boolean DEFAULT false NOT NULL,
	"closed_session_at" timestamp with time zone,
	"cursor_index" integer DEFAULT 0 NOT NULL,
	"cursor_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_amens" ADD CONSTRAINT "room_amens_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_amens" ADD CONSTRAINT "room_amens_intention_id_intentions_id_fk" FOREIGN KEY ("intention_id") REFERENCES "public"."intentions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_amens" ADD CONSTRAINT "room_amens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_intentions" ADD CONSTRAINT "room_intentions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_intentions" ADD CONSTRAINT "room_intentions_intention_id_intentions_id_fk" FOREIGN KEY ("intention_id") REFERENCES "public"."intentions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_intentions" ADD CONSTRAINT "room_intentions_brought_by_users_id_fk" FOREIGN KEY ("brought_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reminders" ADD CONSTRAINT "room_reminders_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reminders" ADD CONSTRAINT "room_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_removals" ADD CONSTRAINT "room_removals_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_removals" ADD CONSTRAINT "room_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_removals" ADD CONSTRAINT "room_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_reminders_user_idx" ON "room_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rooms_group_idx" ON "rooms" USING btree ("group_id");