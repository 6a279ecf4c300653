CREATE TABLE "bank_cards" (
	"card_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"card_no_enc" text NOT NULL,
	"card_no_hash" text NOT NULL,
	"card_tail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"act_sn" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" text PRIMARY KEY NOT NULL,
	"promoter_user_id" text NOT NULL,
	"order_no" text NOT NULL,
	"buyer_user_id" text NOT NULL,
	"act_sn" text NOT NULL,
	"base_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"reversed_amount" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"release_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earning_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earning_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promoter_user_id" text NOT NULL,
	"bucket" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"amount" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"user_id" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"real_name" text NOT NULL,
	"id_number_enc" text NOT NULL,
	"id_number_hash" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"txn_id" text NOT NULL,
	"withdrawal_no" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"project_sn" text NOT NULL,
	"promoter_code" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"withdrawal_no" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"request_id" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"actual_amount" integer NOT NULL,
	"card_id" text NOT NULL,
	"card_snapshot" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"payout_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_act_sn_activities_act_sn_fk" FOREIGN KEY ("act_sn") REFERENCES "public"."activities"("act_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_promoter_user_id_promoters_user_id_fk" FOREIGN KEY ("promoter_user_id") REFERENCES "public"."promoters"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_buyer_user_id_users_user_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_ledger" ADD CONSTRAINT "earning_ledger_promoter_user_id_promoters_user_id_fk" FOREIGN KEY ("promoter_user_id") REFERENCES "public"."promoters"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_notifications" ADD CONSTRAINT "payout_notifications_withdrawal_no_withdrawals_withdrawal_no_fk" FOREIGN KEY ("withdrawal_no") REFERENCES "public"."withdrawals"("withdrawal_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_project_sn_projects_project_sn_fk" FOREIGN KEY ("project_sn") REFERENCES "public"."projects"("project_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_promoters_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."promoters"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_card_id_bank_cards_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("card_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_user_hash_uq" ON "bank_cards" USING btree ("user_id","card_no_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_order_uq" ON "commissions" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "commissions_promoter_idx" ON "commissions" USING btree ("promoter_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "earning_ledger_event_uq" ON "earning_ledger" USING btree ("kind","ref","bucket");--> statement-breakpoint
CREATE INDEX "earning_ledger_promoter_idx" ON "earning_ledger" USING btree ("promoter_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_project_id_uq" ON "identities" USING btree ("project_sn","id_number_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_notifications_txn_uq" ON "payout_notifications" USING btree ("provider","txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_code_uq" ON "promoters" USING btree ("promoter_code");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_uq" ON "withdrawals" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");