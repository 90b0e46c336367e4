CREATE TABLE "catalogue"."active_saves" (
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "active_saves_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "active_saves_current_idx" ON "catalogue"."active_saves" USING btree ("product_id","saved_at") WHERE removed_at is null or saved_at > removed_at;--> statement-breakpoint
CREATE INDEX "products_public_category_idx" ON "catalogue"."products" USING btree ("category","created_at") WHERE listed and not hidden;--> statement-breakpoint
CREATE INDEX "products_public_brand_idx" ON "catalogue"."products" USING btree (lower("brand"),"created_at") WHERE listed and not hidden;--> statement-breakpoint
-- Backfill: removals were not tracked before this migration, so every capture kept so far is an active save, since the first time its saver saved it.
INSERT INTO "catalogue"."active_saves" ("product_id", "user_id", "saved_at") SELECT "product_id", "user_id", "first_saved_at" FROM "catalogue"."captures" ON CONFLICT DO NOTHING;
