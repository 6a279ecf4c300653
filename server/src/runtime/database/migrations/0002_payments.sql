CREATE TABLE "agreements" (
	"agreement_sn" text PRIMARY KEY NOT NULL,
	"agreement_name" text NOT NULL,
	"agreement_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"agreement_sn" text NOT NULL,
	"contract_name" text NOT NULL,
	"redirect_url" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"seq" integer,
	"payment_sn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"txn_id" text NOT NULL,
	"payment_sn" text NOT NULL,
	"amount" integer NOT NULL,
	"outcome" text NOT NULL,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_sn" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"seq" integer NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"pay_source" text NOT NULL,
	"trade_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"redirect_url" text,
	"txn_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_sn_payments_payment_sn_fk" FOREIGN KEY ("payment_sn") REFERENCES "public"."payments"("payment_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_order_idx" ON "contracts" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_no","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_txn_uq" ON "payment_notifications" USING btree ("provider","txn_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_no","seq");