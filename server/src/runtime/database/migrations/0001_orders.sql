CREATE TABLE "order_payments" (
	"order_no" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"deduction_amount" integer DEFAULT 0 NOT NULL,
	"due_time" timestamp with time zone,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"pay_type" integer,
	"paid_amount" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "order_payments_order_no_seq_pk" PRIMARY KEY("order_no","seq")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"user_id" text NOT NULL,
	"act_sn" text NOT NULL,
	"order_type" text NOT NULL,
	"order_pay_type" integer NOT NULL,
	"status" text NOT NULL,
	"total_amount" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"freight" integer DEFAULT 0 NOT NULL,
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_act_idx" ON "orders" USING btree ("user_id","act_sn","status");