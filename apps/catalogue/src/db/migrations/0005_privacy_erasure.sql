CREATE TABLE "catalogue"."erased_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "active_saves_user_idx" ON "catalogue"."active_saves" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gender_feedback_user_idx" ON "catalogue"."gender_feedback" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "price_observations_user_idx" ON "catalogue"."price_observations" USING btree ("user_id","id");