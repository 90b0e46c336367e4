CREATE TABLE "catalogue"."gender_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text,
	"gender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"price" double precision,
	"currency" text,
	"price_text" text,
	"image_url" text,
	"description" text DEFAULT '' NOT NULL,
	"source_url" text DEFAULT '#' NOT NULL,
	"retailer" text,
	"gender" text DEFAULT 'Unisex' NOT NULL,
	"gender_source" text DEFAULT 'default' NOT NULL,
	"category" text DEFAULT 'home' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue"."gender_feedback" ADD CONSTRAINT "gender_feedback_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "catalogue"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gender_feedback_product_idx" ON "catalogue"."gender_feedback" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_dedupe_key" ON "catalogue"."products" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "products_missing_gender_idx" ON "catalogue"."products" USING btree ("created_at") WHERE gender_source = 'default';