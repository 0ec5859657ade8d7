CREATE TABLE "community_logo_icons" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"size" integer NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
