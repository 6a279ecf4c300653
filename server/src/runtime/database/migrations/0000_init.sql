CREATE TABLE "activities" (
	"act_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"act_name" text NOT NULL,
	"act_type" text NOT NULL,
	"cover" text NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ONLINE' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "column_activities" (
	"column_sn" text NOT NULL,
	"act_sn" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "column_activities_column_sn_act_sn_pk" PRIMARY KEY("column_sn","act_sn")
);
--> statement-breakpoint
CREATE TABLE "columns" (
	"column_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_modules" (
	"module_sn" text PRIMARY KEY NOT NULL,
	"page_sn" text NOT NULL,
	"sort" integer NOT NULL,
	"module_type" text NOT NULL,
	"title" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"column_sn" text
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"page_sn" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"title" text NOT NULL,
	"tab_index" integer,
	"jump_content" jsonb
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"project_sn" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"project_enum" text NOT NULL,
	"scene_style" text,
	"tips" text,
	"status" text DEFAULT 'ONLINE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"project_sn" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"phone" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enum_key" text NOT NULL,
	"project_enum" text,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"phone" text,
	"union_id" text NOT NULL,
	"nick_name" text,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_activities" ADD CONSTRAINT "column_activities_column_sn_columns_column_sn_fk" FOREIGN KEY ("column_sn") REFERENCES "public"."columns"("column_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_activities" ADD CONSTRAINT "column_activities_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "columns" ADD CONSTRAINT "columns_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_modules" ADD CONSTRAINT "page_modules_page_sn_pages_page_sn_fk" FOREIGN KEY ("page_sn") REFERENCES "public"."pages"("page_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_modules" ADD CONSTRAINT "page_modules_column_sn_columns_column_sn_fk" FOREIGN KEY ("column_sn") REFERENCES "public"."columns"("column_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_project_idx" ON "activities" USING btree ("project_sn","status");--> statement-breakpoint
CREATE INDEX "column_activities_sort_idx" ON "column_activities" USING btree ("column_sn","sort");--> statement-breakpoint
CREATE INDEX "nonces_created_idx" ON "nonces" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_modules_page_idx" ON "page_modules" USING btree ("page_sn","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_project_tab_uq" ON "pages" USING btree ("project_sn","tab_index");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tips_key_idx" ON "tips" USING btree ("enum_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_project_phone_uq" ON "users" USING btree ("project_sn","phone");