CREATE TABLE "card_batches" (
	"batch_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"card_name" text NOT NULL,
	"face_value" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"coupon_sns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validity_days" integer DEFAULT 365 NOT NULL,
	"redeem_end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_codes" (
	"code_id" text PRIMARY KEY NOT NULL,
	"batch_sn" text NOT NULL,
	"code_hash" text NOT NULL,
	"tail" text NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_guards" (
	"user_id" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_voucher_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"voucher_sn" text NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_vouchers" (
	"voucher_sn" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"batch_sn" text NOT NULL,
	"code_id" text,
	"card_no" text NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"refund_state" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_activities" (
	"act_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"status" text DEFAULT 'ONLINE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_items" (
	"item_id" text PRIMARY KEY NOT NULL,
	"act_sn" text NOT NULL,
	"coupon_sn" text NOT NULL,
	"stock" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"per_person" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "claim_items_stock_ck" CHECK ("claim_items"."claimed" >= 0 AND "claim_items"."claimed" <= "claim_items"."stock"),
	CONSTRAINT "claim_items_per_person_ck" CHECK ("claim_items"."per_person" >= 1)
);
--> statement-breakpoint
CREATE TABLE "coupon_claims" (
	"claim_id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"seq" integer NOT NULL,
	"rc_sn" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_coupons_user_template_idx";--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "grant_mode" text DEFAULT 'DEMO' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "use_url" text;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "valid_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "valid_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_batches" ADD CONSTRAINT "card_batches_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_codes" ADD CONSTRAINT "card_codes_batch_sn_card_batches_batch_sn_fk" FOREIGN KEY ("batch_sn") REFERENCES "public"."card_batches"("batch_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_codes" ADD CONSTRAINT "card_codes_redeemed_by_users_user_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_guards" ADD CONSTRAINT "card_guards_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_voucher_events" ADD CONSTRAINT "card_voucher_events_voucher_sn_card_vouchers_voucher_sn_fk" FOREIGN KEY ("voucher_sn") REFERENCES "public"."card_vouchers"("voucher_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_vouchers" ADD CONSTRAINT "card_vouchers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_vouchers" ADD CONSTRAINT "card_vouchers_batch_sn_card_batches_batch_sn_fk" FOREIGN KEY ("batch_sn") REFERENCES "public"."card_batches"("batch_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_vouchers" ADD CONSTRAINT "card_vouchers_code_id_card_codes_code_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."card_codes"("code_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_activities" ADD CONSTRAINT "claim_activities_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_act_sn_claim_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."claim_activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_items" ADD CONSTRAINT "claim_items_coupon_sn_coupon_templates_coupon_sn_fk" FOREIGN KEY ("coupon_sn") REFERENCES "public"."coupon_templates"("coupon_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_item_id_claim_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."claim_items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_rc_sn_user_coupons_rc_sn_fk" FOREIGN KEY ("rc_sn") REFERENCES "public"."user_coupons"("rc_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_codes_hash_uq" ON "card_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "card_codes_batch_idx" ON "card_codes" USING btree ("batch_sn");--> statement-breakpoint
CREATE INDEX "card_voucher_events_voucher_idx" ON "card_voucher_events" USING btree ("voucher_sn","at");--> statement-breakpoint
CREATE INDEX "card_vouchers_user_idx" ON "card_vouchers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_vouchers_code_uq" ON "card_vouchers" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_vouchers_card_no_uq" ON "card_vouchers" USING btree ("card_no");--> statement-breakpoint
CREATE INDEX "claim_activities_project_idx" ON "claim_activities" USING btree ("project_sn");--> statement-breakpoint
CREATE INDEX "claim_items_act_idx" ON "claim_items" USING btree ("act_sn","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_claims_item_user_seq_uq" ON "coupon_claims" USING btree ("item_id","user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_user_template_source_idx" ON "user_coupons" USING btree ("user_id","coupon_sn","source");