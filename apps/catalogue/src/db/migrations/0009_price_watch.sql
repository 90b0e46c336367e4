CREATE TABLE "catalogue"."shown_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"amount" double precision,
	"currency" text,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue"."price_observations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."price_observations" ADD COLUMN "source" text DEFAULT 'capture' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "price_drop" jsonb;--> statement-breakpoint
CREATE INDEX "shown_prices_product_idx" ON "catalogue"."shown_prices" USING btree ("product_id","since");