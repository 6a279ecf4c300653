CREATE TABLE "course_changes" (
	"old_order_no" text PRIMARY KEY NOT NULL,
	"new_order_no" text NOT NULL,
	"credit" integer NOT NULL,
	"deduction_amount" integer NOT NULL,
	"uncovered" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_changes" ADD CONSTRAINT "course_changes_old_order_no_orders_order_no_fk" FOREIGN KEY ("old_order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_changes" ADD CONSTRAINT "course_changes_new_order_no_orders_order_no_fk" FOREIGN KEY ("new_order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_changes_new_uq" ON "course_changes" USING btree ("new_order_no");