CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
DROP INDEX "bags_module_idx";--> statement-breakpoint
DROP INDEX "modules_homepage_idx";--> statement-breakpoint
DROP INDEX "sources_bag_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bookmark_sort" varchar(20) DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remembered_selection" jsonb;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Positions become unique per list. Older writes could repeat one (a restore from the trash kept its old place), so every list is numbered 0…n−1 in its current order first.
UPDATE "modules" AS m SET "sort_key" = r.rn FROM (SELECT "id", row_number() OVER (PARTITION BY "homepage_id" ORDER BY "sort_key", "id") - 1 AS rn FROM "modules") AS r WHERE m."id" = r."id" AND m."sort_key" <> r.rn;--> statement-breakpoint
UPDATE "bags" AS b SET "sort_key" = r.rn FROM (SELECT "id", row_number() OVER (PARTITION BY "module_id", coalesce("parent_id", 0) ORDER BY "sort_key", "id") - 1 AS rn FROM "bags" WHERE "deleted_at" IS NULL) AS r WHERE b."id" = r."id" AND b."sort_key" <> r.rn;--> statement-breakpoint
UPDATE "sources" AS s SET "sort_key" = r.rn FROM (SELECT "id", row_number() OVER (PARTITION BY "bag_id", coalesce("parent_id", 0) ORDER BY "sort_key", "id") - 1 AS rn FROM "sources" WHERE "deleted_at" IS NULL) AS r WHERE s."id" = r."id" AND s."sort_key" <> r.rn;--> statement-breakpoint
CREATE UNIQUE INDEX "bags_order_key" ON "bags" USING btree ("module_id",coalesce("parent_id", 0),"sort_key") WHERE "bags"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "modules_order_key" ON "modules" USING btree ("homepage_id","sort_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_order_key" ON "sources" USING btree ("bag_id",coalesce("parent_id", 0),"sort_key") WHERE "sources"."deleted_at" is null;