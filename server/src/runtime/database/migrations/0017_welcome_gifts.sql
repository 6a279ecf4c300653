CREATE TABLE "welcome_gifts" (
	"gift_id" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"coupon_sn" text,
	"batch_sn" text,
	"state" integer DEFAULT 1 NOT NULL,
	"refund_state" integer DEFAULT 0 NOT NULL,
	"start_days_ago" integer,
	"end_days_ago" integer,
	"used_days_ago" integer,
	"event" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "welcome_gifts_one_kind" CHECK (("welcome_gifts"."coupon_sn" is null) <> ("welcome_gifts"."batch_sn" is null))
);
--> statement-breakpoint
CREATE TABLE "welcome_grants" (
	"user_id" text PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "welcome_gifts" ADD CONSTRAINT "welcome_gifts_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_gifts" ADD CONSTRAINT "welcome_gifts_coupon_sn_coupon_templates_coupon_sn_fk" FOREIGN KEY ("coupon_sn") REFERENCES "public"."coupon_templates"("coupon_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_gifts" ADD CONSTRAINT "welcome_gifts_batch_sn_card_batches_batch_sn_fk" FOREIGN KEY ("batch_sn") REFERENCES "public"."card_batches"("batch_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_grants" ADD CONSTRAINT "welcome_grants_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "welcome_gifts_project_idx" ON "welcome_gifts" USING btree ("project_sn","sort");--> statement-breakpoint
-- Customers an earlier version already gave these gifts to, the first time they looked at their coupons or cards.
INSERT INTO "welcome_grants" ("user_id") SELECT "user_id" FROM "user_coupons" WHERE "source" = 'demo' UNION SELECT "user_id" FROM "card_vouchers" WHERE "voucher_sn" LIKE '%-demo-used' ON CONFLICT DO NOTHING;
