CREATE TABLE "retention"."product_saves" (
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"active" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_saves_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "retention"."tracked_products" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"last_unsaved_at" timestamp with time zone,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "tracked_products_at_risk_idx" ON "retention"."tracked_products" USING btree ("last_unsaved_at") WHERE expired_at is null and last_unsaved_at is not null;