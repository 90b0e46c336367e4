CREATE TABLE "wardrobe"."saves" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"product" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saves_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "saves_product_idx" ON "wardrobe"."saves" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "saves_user_saved_idx" ON "wardrobe"."saves" USING btree ("user_id","saved_at");