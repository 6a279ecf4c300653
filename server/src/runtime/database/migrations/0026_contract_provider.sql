ALTER TABLE "contracts" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "closed_at" timestamp with time zone;