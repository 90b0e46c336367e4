CREATE SCHEMA IF NOT EXISTS "pages";
--> statement-breakpoint
CREATE TABLE "pages"."inbox" (
	"event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"topic" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
CREATE TABLE "pages"."outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "pages"."product_pages" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"capture_name" text NOT NULL,
	"capture_brand" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	"last_outcome" text,
	"last_reason" text,
	"etag" text,
	"last_modified" text,
	"read_name" text,
	"read_brand" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "pages"."outbox" USING btree ("id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "product_pages_due_idx" ON "pages"."product_pages" USING btree ("due_at") WHERE due_at is not null;