CREATE TABLE "retention"."erased_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_saves_user_idx" ON "retention"."product_saves" USING btree ("user_id");