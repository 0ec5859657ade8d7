CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"key" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out" boolean DEFAULT false NOT NULL,
	CONSTRAINT "domain_events_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"event_id" uuid NOT NULL,
	"subscriber" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"parked_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "event_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
--> statement-breakpoint
DROP TABLE "job_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_waiting_idx" ON "domain_events" USING btree ("id") WHERE not "domain_events"."fanned_out";--> statement-breakpoint
CREATE INDEX "domain_events_recorded_idx" ON "domain_events" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("subscriber","due_at","event_id") WHERE "event_deliveries"."done_at" is null and "event_deliveries"."parked_at" is null;--> statement-breakpoint
CREATE INDEX "event_deliveries_parked_idx" ON "event_deliveries" USING btree ("parked_at") WHERE "event_deliveries"."parked_at" is not null;