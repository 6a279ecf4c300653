CREATE TABLE "carrier_accounts" (
	"carrier" text NOT NULL,
	"phone" text NOT NULL,
	"balance" integer NOT NULL,
	"auth_required" boolean DEFAULT false NOT NULL,
	"authorised_at" timestamp with time zone,
	CONSTRAINT "carrier_accounts_carrier_phone_pk" PRIMARY KEY("carrier","phone"),
	CONSTRAINT "carrier_accounts_balance_nonneg" CHECK ("carrier_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carrier_auth_tickets" (
	"ticket" text PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"phone" text NOT NULL,
	"callback_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_bindings" (
	"user_id" text NOT NULL,
	"integral_type" text NOT NULL,
	"project_sn" text NOT NULL,
	"phone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integral_bindings_user_id_integral_type_pk" PRIMARY KEY("user_id","integral_type")
);
--> statement-breakpoint
CREATE TABLE "integral_items" (
	"act_sn" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"cash_amount" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"integral_type" text NOT NULL,
	"phone" text NOT NULL,
	"points" integer NOT NULL,
	"cash_amount" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integral_bindings" ADD CONSTRAINT "integral_bindings_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_bindings" ADD CONSTRAINT "integral_bindings_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_items" ADD CONSTRAINT "integral_items_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_orders" ADD CONSTRAINT "integral_orders_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_orders" ADD CONSTRAINT "integral_orders_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_transactions_ref_kind_idx" ON "carrier_transactions" USING btree ("ref","kind");--> statement-breakpoint
CREATE INDEX "integral_orders_user_idx" ON "integral_orders" USING btree ("user_id","created_at");