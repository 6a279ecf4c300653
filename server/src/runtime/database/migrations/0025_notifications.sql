CREATE TABLE "notification_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"project_sn" text NOT NULL,
	"user_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"openid" text NOT NULL,
	"kind" text NOT NULL,
	"template_id" text NOT NULL,
	"subscribe_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_event_key_notification_events_event_key_fk" FOREIGN KEY ("event_key") REFERENCES "public"."notification_events"("event_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_event_channel_uq" ON "notification_deliveries" USING btree ("event_key","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "notification_events_undispatched_idx" ON "notification_events" USING btree ("dispatched_at","created_at");--> statement-breakpoint
CREATE INDEX "notification_grants_open_idx" ON "notification_grants" USING btree ("user_id","kind","used_at");