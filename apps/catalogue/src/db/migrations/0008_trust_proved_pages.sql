CREATE TABLE "catalogue"."page_reads" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"page" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."proved_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"proved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "contested" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."products" ADD COLUMN "contest_settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_contested_idx" ON "catalogue"."products" USING btree ("updated_at") WHERE contested <> '[]'::jsonb;