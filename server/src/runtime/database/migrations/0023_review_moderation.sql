ALTER TABLE "activity_comments" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_comments" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "activity_comments" ADD COLUMN "replied_at" timestamp with time zone;