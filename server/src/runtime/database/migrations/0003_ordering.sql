CREATE TABLE "addresses" (
	"address_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"province_id" text NOT NULL,
	"city_id" text NOT NULL,
	"area_id" text NOT NULL,
	"full_area_name" text NOT NULL,
	"consignee_name" text NOT NULL,
	"consignee_telephone" text NOT NULL,
	"full_address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_confirmations" (
	"create_order_sn" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"act_sn" text NOT NULL,
	"package_sn" text,
	"sku_cnt" integer DEFAULT 1 NOT NULL,
	"third_enum" text,
	"creat_type" text DEFAULT 'TARGET' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"coupon_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"coupon_name" text NOT NULL,
	"coupon_type" integer NOT NULL,
	"coupon_amount" integer NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"upper_limit" integer DEFAULT 0 NOT NULL,
	"scope_act_sns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scope_text" text NOT NULL,
	"validity_type" integer DEFAULT 1 NOT NULL,
	"validity_days" integer,
	"instructions" text DEFAULT '' NOT NULL,
	"demo_state" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_configs" (
	"act_sn" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"create_order_sn" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"rc_sn" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"coupon_sn" text NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"used_order_no" text,
	"used_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "create_order_sn" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_configs" ADD CONSTRAINT "order_configs_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tokens" ADD CONSTRAINT "order_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tokens" ADD CONSTRAINT "order_tokens_create_order_sn_order_confirmations_create_order_sn_fk" FOREIGN KEY ("create_order_sn") REFERENCES "public"."order_confirmations"("create_order_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_coupon_sn_coupon_templates_coupon_sn_fk" FOREIGN KEY ("coupon_sn") REFERENCES "public"."coupon_templates"("coupon_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_confirmations_user_idx" ON "order_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_user_template_idx" ON "user_coupons" USING btree ("user_id","coupon_sn");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_create_order_sn_idx" ON "orders" USING btree ("create_order_sn");