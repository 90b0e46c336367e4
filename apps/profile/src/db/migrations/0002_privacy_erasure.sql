CREATE TABLE "profile"."erased_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
