CREATE TABLE "wardrobe"."catalogue_products" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"price" double precision,
	"currency" text,
	"price_text" text,
	"image_url" text,
	"description" text NOT NULL,
	"source_url" text NOT NULL,
	"retailer" text,
	"gender" text NOT NULL,
	"category" text NOT NULL,
	"listed" boolean NOT NULL,
	"hidden" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wardrobe"."shopper_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"gender" text NOT NULL,
	"favorite_brands" jsonb NOT NULL,
	"sized_categories" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_products_public_idx" ON "wardrobe"."catalogue_products" USING btree ("product_id") WHERE listed and not hidden;--> statement-breakpoint
CREATE INDEX "saves_saved_idx" ON "wardrobe"."saves" USING btree ("saved_at");