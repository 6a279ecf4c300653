CREATE TABLE "activity_comments" (
	"comment_id" text PRIMARY KEY NOT NULL,
	"act_sn" text NOT NULL,
	"user_id" text,
	"nick_name" text NOT NULL,
	"avatar" text,
	"score" integer NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_tickets" (
	"app_id" text PRIMARY KEY NOT NULL,
	"ticket" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_comments" ADD CONSTRAINT "activity_comments_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_comments_act_idx" ON "activity_comments" USING btree ("act_sn","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_comments_user_idx" ON "activity_comments" USING btree ("act_sn","user_id");