ALTER TABLE "search"."product_staging" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "search"."product_staging" ADD COLUMN "garments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."product_staging" ADD COLUMN "colours" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."product_staging" ADD COLUMN "tags_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "garments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "colours" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "tags_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_garments_idx" ON "search"."products" USING gin ("garments");--> statement-breakpoint
CREATE INDEX "products_colours_idx" ON "search"."products" USING gin ("colours");