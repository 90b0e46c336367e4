ALTER TABLE "search"."product_staging" ADD COLUMN "price_drop" jsonb;--> statement-breakpoint
ALTER TABLE "search"."product_staging" ADD COLUMN "price_drop_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search"."product_staging" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "price_drop" jsonb;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "price_drop_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "available" boolean DEFAULT true NOT NULL;