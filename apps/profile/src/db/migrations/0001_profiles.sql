CREATE TABLE "profile"."profiles" (
	"account_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"favorite_brands" jsonb NOT NULL,
	"measurements" jsonb NOT NULL,
	"sizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile"."recent_searches" (
	"user_id" text NOT NULL,
	"term" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_searches_user_id_term_pk" PRIMARY KEY("user_id","term")
);
--> statement-breakpoint
CREATE INDEX "recent_searches_user_latest_idx" ON "profile"."recent_searches" USING btree ("user_id","searched_at");