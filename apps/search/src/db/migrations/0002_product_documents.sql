-- The index's text search configuration: English parsing and Snowball English stemming without PostgreSQL's stop words (queries drop Lucene's English stop words instead, as OpenSearch does). Added by hand: drizzle-kit does not manage text search objects.
CREATE TEXT SEARCH DICTIONARY "search"."product_english_stem" (TEMPLATE = snowball, LANGUAGE = english);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "search"."product_english" (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "search"."product_english" ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH "search"."product_english_stem";
--> statement-breakpoint
CREATE TABLE "search"."product_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search"."product_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search"."product_staging" (
	"load_id" uuid NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"description" text NOT NULL,
	"price" double precision,
	"currency" text,
	"price_text" text,
	"gender" text NOT NULL,
	"category" text NOT NULL,
	"image_url" text,
	"source_url" text NOT NULL,
	"retailer" text,
	"updated_at" timestamp with time zone NOT NULL,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_staging_load_id_id_pk" PRIMARY KEY("load_id","id")
);
--> statement-breakpoint
DROP INDEX "search"."products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "search"."products" ALTER COLUMN "currency" DROP NOT NULL;--> statement-breakpoint
-- Documents indexed before every product had a category: the catalogue's fallback category, until the next reindex. Added by hand.
UPDATE "search"."products" SET "category" = 'home' WHERE "category" IS NULL OR "category" NOT IN ('tops', 'bottoms', 'shoes', 'outerwear', 'accessories', 'home');--> statement-breakpoint
ALTER TABLE "search"."products" ALTER COLUMN "category" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" ALTER COLUMN "image_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" ALTER COLUMN "retailer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search.product_english'::regconfig, "name"), 'A') || setweight(to_tsvector('search.product_english'::regconfig, "brand"), 'B') || setweight(to_tsvector('search.product_english'::regconfig, "description"), 'C')) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its index; drizzle-kit's snapshot still lists it, so it is recreated by hand.
CREATE INDEX "products_search_vector_idx" ON "search"."products" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "price_text" text;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "name_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."products" ADD COLUMN "name_brand_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search.product_english'::regconfig, "name"), 'A') || setweight(to_tsvector('search.product_english'::regconfig, "brand"), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "product_lexemes_typo_idx" ON "search"."product_lexemes" USING btree (left("lexeme", 1),char_length("lexeme"));--> statement-breakpoint
CREATE INDEX "product_name_words_typo_idx" ON "search"."product_name_words" USING btree (left("word", 1),char_length("word"));--> statement-breakpoint
CREATE INDEX "products_name_brand_vector_idx" ON "search"."products" USING gin ("name_brand_vector");--> statement-breakpoint
CREATE INDEX "products_name_words_idx" ON "search"."products" USING gin ("name_words");--> statement-breakpoint
ALTER TABLE "search"."products" ADD CONSTRAINT "products_category_check" CHECK ("search"."products"."category" in ('tops', 'bottoms', 'shoes', 'outerwear', 'accessories', 'home'));--> statement-breakpoint
-- The typo vocabularies of the documents already indexed. Added by hand.
INSERT INTO "search"."product_lexemes" ("lexeme") SELECT DISTINCT unnest(tsvector_to_array("name_brand_vector")) FROM "search"."products";--> statement-breakpoint
INSERT INTO "search"."product_name_words" ("word") SELECT DISTINCT unnest(tsvector_to_array("name_words")) FROM "search"."products";
