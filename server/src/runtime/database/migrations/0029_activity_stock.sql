ALTER TABLE "activities" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_stock_ck" CHECK ("activities"."sold" >= 0 AND ("activities"."stock" IS NULL OR "activities"."sold" <= "activities"."stock"));--> statement-breakpoint
-- Units held by live orders; the JSON figure the console saved was never enforced, so it becomes what is left.
UPDATE "activities" a SET "sold" = (SELECT count(*) FROM "orders" o WHERE o."act_sn" = a."act_sn" AND o."status" <> 'CANCELLED');--> statement-breakpoint
UPDATE "activities" SET "stock" = ("detail"->>'stock')::int + "sold" WHERE jsonb_typeof("detail"->'stock') = 'number';--> statement-breakpoint
UPDATE "activities" SET "detail" = "detail" - 'stock' WHERE "detail" ? 'stock';
