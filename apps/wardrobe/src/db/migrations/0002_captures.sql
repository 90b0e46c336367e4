CREATE TABLE "wardrobe"."product_classifications" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"gender" text NOT NULL,
	"category" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wardrobe"."saves" ADD COLUMN "capture" jsonb;--> statement-breakpoint
ALTER TABLE "wardrobe"."saves" ADD COLUMN "captured_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Saves made before captures existed keep what their user was shown: the product snapshot becomes their capture.
UPDATE "wardrobe"."saves" SET
	"capture" = jsonb_build_object(
		'name', "product"->>'name',
		'brand', "product"->>'brand',
		'price', "product"->'price',
		'currency', "product"->'currency',
		'priceText', "product"->'priceText',
		'imageUrl', "product"->'imageUrl',
		'description', coalesce("product"->>'description', ''),
		'sourceUrl', coalesce("product"->>'sourceUrl', '#'),
		'productKey', 'legacy:' || "product_id"::text,
		'gender', "product"->'gender',
		'category', coalesce("product"->>'category', 'home')
	),
	"captured_at" = "saved_at"
WHERE "capture" IS NULL;
