CREATE TABLE "shipments" (
	"order_no" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'TO_SHIP' NOT NULL,
	"carrier_name" text,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"auto_receive_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by" text
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","auto_receive_at");