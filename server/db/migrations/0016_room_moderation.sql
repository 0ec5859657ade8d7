ALTER TABLE "rooms" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;