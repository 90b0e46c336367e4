-- Trigram matching for product-name suggestions (gin_trgm_ops, word_similarity). Added by hand: drizzle-kit does not manage extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search"."products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"description" text NOT NULL,
	"price" double precision,
	"currency" text NOT NULL,
	"gender" text NOT NULL,
	"category" text,
	"image_url" text NOT NULL,
	"source_url" text NOT NULL,
	"retailer" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "brand"), 'B') || setweight(to_tsvector('english'::regconfig, "description"), 'C')) STORED NOT NULL,
	CONSTRAINT "products_gender_check" CHECK ("search"."products"."gender" in ('Women', 'Men', 'Unisex'))
);
--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "search"."products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "search"."products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "search"."products" USING btree ("brand");