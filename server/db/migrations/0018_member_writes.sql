CREATE TABLE "member_writes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_writes_count_idx" ON "member_writes" USING btree ("user_id","kind","created_at");