CREATE TABLE "identity"."sign_in_failures" (
	"account_key" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_account_key_client_pk" PRIMARY KEY("account_key","client")
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_window_idx" ON "identity"."sign_in_failures" USING btree ("window_ends_at");