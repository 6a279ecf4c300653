CREATE TABLE "access_blocks" (
	"block_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"kind" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_marks" (
	"order_no" text PRIMARY KEY NOT NULL,
	"unsealed_at" timestamp with time zone,
	"unsealed_by" text,
	"activated_at" timestamp with time zone,
	"activated_by" text
);
--> statement-breakpoint
ALTER TABLE "access_blocks" ADD CONSTRAINT "access_blocks_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_marks" ADD CONSTRAINT "order_marks_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_blocks_project_idx" ON "access_blocks" USING btree ("project_sn");