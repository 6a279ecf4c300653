CREATE TABLE "after_sale_applications" (
	"application_no" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"user_id" text NOT NULL,
	"order_no" text NOT NULL,
	"type" integer NOT NULL,
	"seqs" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text NOT NULL,
	"refuse_reason" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_logistics" (
	"application_no" text PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"tracking_no" text NOT NULL,
	"phone" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_no" text NOT NULL,
	"actor" text NOT NULL,
	"event" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"notify_id" text NOT NULL,
	"refund_sn" text NOT NULL,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"refund_sn" text PRIMARY KEY NOT NULL,
	"application_no" text NOT NULL,
	"order_no" text NOT NULL,
	"payment_sn" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_refund_id" text,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "after_sale_applications" ADD CONSTRAINT "after_sale_applications_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_logistics" ADD CONSTRAINT "after_sale_logistics_application_no_after_sale_applications_application_no_fk" FOREIGN KEY ("application_no") REFERENCES "public"."after_sale_applications"("application_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_records" ADD CONSTRAINT "after_sale_records_application_no_after_sale_applications_application_no_fk" FOREIGN KEY ("application_no") REFERENCES "public"."after_sale_applications"("application_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_application_no_after_sale_applications_application_no_fk" FOREIGN KEY ("application_no") REFERENCES "public"."after_sale_applications"("application_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_sn_payments_payment_sn_fk" FOREIGN KEY ("payment_sn") REFERENCES "public"."payments"("payment_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sale_user_idx" ON "after_sale_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_order_idx" ON "after_sale_applications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "after_sale_logistics_no_idx" ON "after_sale_logistics" USING btree ("carrier_code","tracking_no");--> statement-breakpoint
CREATE INDEX "after_sale_records_app_idx" ON "after_sale_records" USING btree ("application_no","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_notifications_uq" ON "refund_notifications" USING btree ("provider","notify_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_sn");--> statement-breakpoint
CREATE INDEX "refunds_application_idx" ON "refunds" USING btree ("application_no");