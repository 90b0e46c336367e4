CREATE TABLE "pages"."erased_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages"."host_leases" (
	"host" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages"."page_savers" (
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "page_savers_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "pages"."product_pages" ADD COLUMN "host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages"."product_pages" ADD COLUMN "savers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages"."product_pages" ADD COLUMN "read_price" double precision;--> statement-breakpoint
ALTER TABLE "pages"."product_pages" ADD COLUMN "read_currency" text;--> statement-breakpoint
ALTER TABLE "pages"."product_pages" ADD COLUMN "unchanged_reads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages"."product_pages" ADD COLUMN "gone_reads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "page_savers_user_idx" ON "pages"."page_savers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_pages_host_due_idx" ON "pages"."product_pages" USING btree ("host","due_at") WHERE due_at is not null;--> statement-breakpoint
UPDATE "pages"."product_pages" SET "host" = coalesce(lower(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#@]+)')), ''), "savers" = 1, "due_at" = coalesce("due_at", coalesce("last_read_at", now()) + interval '1 day');
