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
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_no","seq");--> statement-breakpoint
INSERT INTO "agreements" ("agreement_sn", "agreement_name", "agreement_content") VALUES ('demo-purchase-agreement', '课程购买协议', E'课程购买协议\n\n甲方（学员）：下单用户\n乙方（服务方）：本平台课程服务提供方\n\n第一条 课程内容\n乙方按照课程详情页所示内容向甲方提供课程服务，课程和证书详细信息以课程详情页为准。\n\n第二条 费用与支付\n1. 课程费用以订单金额为准，金额单位为人民币元。\n2. 选择"定金+尾款"的，甲方应先支付定金，并在约定时间前支付尾款；选择分期支付的，甲方应按期支付每期款项。\n3. 未在订单有效期内完成首次支付的，订单自动取消，已使用的优惠券退回甲方账户。\n\n第三条 换课与退款\n1. 甲方申请换课的，原课程已支付款项可按规则作为"费用抵扣"用于新课程。\n2. 退款按照课程详情页所示退款规则办理，已享受的优惠不予折现。\n\n第四条 个人信息\n乙方仅为提供课程服务之目的使用甲方提交的报名信息，并依法予以保护。\n\n第五条 其他\n本协议自甲方签署之日起生效。双方因本协议发生争议的，应友好协商解决。') ON CONFLICT DO NOTHING;
