CREATE TABLE "catalogue"."captures" (
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"capture" jsonb NOT NULL,
	"first_saved_at" timestamp with time zone NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "captures_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."price_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount" double precision NOT NULL,
	"currency" text,
	"price_text" text,
	"observed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "catalogue"."products_dedupe_key";--> statement-breakpoint
ALTER TABLE "catalogue"."products" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "corrections" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "captures_user_idx" ON "catalogue"."captures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_observations_product_idx" ON "catalogue"."price_observations" USING btree ("product_id","user_id","observed_at");--> statement-breakpoint
CREATE INDEX "products_key_idx" ON "catalogue"."products" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "products_public_idx" ON "catalogue"."products" USING btree ("updated_at") WHERE listed and not hidden;--> statement-breakpoint
UPDATE "catalogue"."products" SET "gender_source" = 'captures' WHERE "gender_source" = 'item';
