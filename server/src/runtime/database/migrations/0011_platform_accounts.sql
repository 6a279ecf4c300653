CREATE TABLE "platform_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"platform" text NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"union_id" text,
	"user_id" text NOT NULL,
	"session_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_login_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_identities" ADD CONSTRAINT "platform_identities_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_identities" ADD CONSTRAINT "platform_identities_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_identities_openid_uq" ON "platform_identities" USING btree ("project_sn","platform","app_id","openid");--> statement-breakpoint
CREATE INDEX "platform_identities_user_idx" ON "platform_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "platform_identities_union_idx" ON "platform_identities" USING btree ("project_sn","union_id");--> statement-breakpoint
CREATE INDEX "used_login_codes_created_idx" ON "used_login_codes" USING btree ("created_at");