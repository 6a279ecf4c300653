ALTER TABLE "user_coupons" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "demo_state";--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP COLUMN "grant_mode";