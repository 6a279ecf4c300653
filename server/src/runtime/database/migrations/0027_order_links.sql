CREATE TABLE "order_links" (
	"link_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"act_sn" text NOT NULL,
	"package_sn" text,
	"amount" integer NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"order_no" text,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD COLUMN "order_link_sn" text;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_links_token_uq" ON "order_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_links_project_idx" ON "order_links" USING btree ("project_sn","created_at");--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_order_link_sn_order_links_link_sn_fk" FOREIGN KEY ("order_link_sn") REFERENCES "public"."order_links"("link_sn") ON DELETE no action ON UPDATE no action;