ALTER TABLE "card_batches" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_batches" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_codes" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;