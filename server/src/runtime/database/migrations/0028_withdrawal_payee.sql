ALTER TABLE "withdrawals" ADD COLUMN "payee" jsonb;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirm_package" text;