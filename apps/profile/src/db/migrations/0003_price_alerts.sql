CREATE TABLE "profile"."notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"old_price" double precision,
	"new_price" double precision,
	"currency" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"digested_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profile"."price_alert_digests" (
	"user_id" text NOT NULL,
	"day" bigint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"items" bigint NOT NULL,
	CONSTRAINT "price_alert_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "profile"."saved_products" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"target_price" double precision,
	"drop_reference" double precision,
	"drop_alerted" boolean DEFAULT false NOT NULL,
	"rise_reference" double precision,
	"rise_alerted" boolean DEFAULT false NOT NULL,
	"below_target_alerted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "saved_products_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "profile"."profiles" ADD COLUMN "price_alerts" jsonb DEFAULT '{"enabled":false,"minDropPercent":10,"rises":false}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_latest_idx" ON "profile"."notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_pending_digest_idx" ON "profile"."notifications" USING btree ("user_id") WHERE digested_at is null;--> statement-breakpoint
CREATE INDEX "saved_products_product_idx" ON "profile"."saved_products" USING btree ("product_id");