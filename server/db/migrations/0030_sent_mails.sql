CREATE TABLE "sent_mails" (
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sent_mails_event_id_kind_pk" PRIMARY KEY("event_id","kind")
);
--> statement-breakpoint
ALTER TABLE "sent_mails" ADD CONSTRAINT "sent_mails_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;