ALTER TABLE "wardrobe"."saves" ALTER COLUMN "capture" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wardrobe"."saves" DROP COLUMN "product";