CREATE TABLE "feedback" (
	"feedback_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"user_id" text NOT NULL,
	"feedback_type" text NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"submission_sn" text PRIMARY KEY NOT NULL,
	"form_sn" text NOT NULL,
	"user_id" text NOT NULL,
	"once_key" text,
	"values" jsonb NOT NULL,
	"checked_phone" text,
	"source_type" text,
	"target_sn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"form_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"fields" jsonb NOT NULL,
	"phone_check" boolean DEFAULT false NOT NULL,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"success_text" text,
	"status" text DEFAULT 'ONLINE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_settings" (
	"project_sn" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"hours" text NOT NULL,
	"wechat_qr" text,
	"wechat_name" text,
	"follow_link" text,
	"follow_title" text,
	"follow_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_links" (
	"link_id" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"jump_content" jsonb NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_sn_forms_form_sn_fk" FOREIGN KEY ("form_sn") REFERENCES "public"."forms"("form_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_settings" ADD CONSTRAINT "service_settings_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_links" ADD CONSTRAINT "traffic_links_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_project_idx" ON "feedback" USING btree ("project_sn","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_once_uq" ON "form_submissions" USING btree ("form_sn","once_key");--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("form_sn","created_at");--> statement-breakpoint
CREATE INDEX "forms_project_idx" ON "forms" USING btree ("project_sn");