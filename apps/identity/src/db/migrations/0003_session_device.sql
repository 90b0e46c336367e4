ALTER TABLE "identity"."sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "identity"."sessions" ADD COLUMN "last_used_at" timestamp with time zone;