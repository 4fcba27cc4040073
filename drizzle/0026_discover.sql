CREATE TABLE "discover_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discover_site_tags" (
	"site_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "discover_site_tags_site_id_tag_id_pk" PRIMARY KEY("site_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "discover_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"category_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"url" text NOT NULL,
	"address" text NOT NULL,
	"host" varchar(255) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discover_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discover_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discover_site_tags" ADD CONSTRAINT "discover_site_tags_site_id_discover_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."discover_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discover_site_tags" ADD CONSTRAINT "discover_site_tags_tag_id_discover_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."discover_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discover_sites" ADD CONSTRAINT "discover_sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discover_sites" ADD CONSTRAINT "discover_sites_category_id_discover_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."discover_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discover_sites" ADD CONSTRAINT "discover_sites_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discover_site_tags_tag_idx" ON "discover_site_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discover_sites_address_key" ON "discover_sites" USING btree ("address") WHERE "discover_sites"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "discover_sites_category_idx" ON "discover_sites" USING btree ("category_id","status","reviewed_at");--> statement-breakpoint
CREATE INDEX "discover_sites_approved_idx" ON "discover_sites" USING btree ("reviewed_at") WHERE "discover_sites"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "discover_sites_user_idx" ON "discover_sites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discover_sites_reviewed_by_idx" ON "discover_sites" USING btree ("reviewed_by");--> statement-breakpoint
CREATE INDEX "discover_sites_status_idx" ON "discover_sites" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "discover_tags_name_key" ON "discover_tags" USING btree (lower("name"));--> statement-breakpoint
-- The discover area's categories (cool/category; ADR 034): fixed, in this order.
INSERT INTO "discover_categories" ("name", "sort") VALUES
  ('常用工具', 1), ('设计素材', 2), ('开发编程', 3), ('学习资源', 4),
  ('影视娱乐', 5), ('AI 工具', 6), ('效率办公', 7), ('资讯阅读', 8);
