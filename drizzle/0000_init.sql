CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nickname" varchar(20) NOT NULL,
	"password_hash" text NOT NULL,
	"avatar" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"search_keymap" varchar(1) DEFAULT 'k' NOT NULL,
	"note_keymap" varchar(1) DEFAULT 'b' NOT NULL,
	"current_homepage_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bags" (
	"id" serial PRIMARY KEY NOT NULL,
	"homepage_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(20) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"color" text,
	"formats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"card_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_key" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "homepages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(20) DEFAULT '' NOT NULL,
	"summary" varchar(100) DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"code" varchar(20),
	"is_open" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"layout" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skin" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"homepage_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"module_type" smallint DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_key" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"homepage_id" integer NOT NULL,
	"bag_id" integer NOT NULL,
	"parent_id" integer,
	"type" varchar(10) DEFAULT 'link' NOT NULL,
	"name" varchar(100) NOT NULL,
	"url" text,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"icon" text,
	"formats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"private_remark" text DEFAULT '' NOT NULL,
	"blacklist" boolean DEFAULT false NOT NULL,
	"click_amount" integer DEFAULT 0 NOT NULL,
	"click_time" timestamp with time zone,
	"sort_key" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_parent_id_bags_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepages" ADD CONSTRAINT "homepages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_parent_id_sources_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bags_module_idx" ON "bags" USING btree ("module_id","parent_id","sort_key");--> statement-breakpoint
CREATE INDEX "bags_homepage_idx" ON "bags" USING btree ("homepage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homepages_code_key" ON "homepages" USING btree (lower("code")) WHERE "homepages"."deleted_at" is null and "homepages"."code" is not null;--> statement-breakpoint
CREATE INDEX "homepages_user_id_idx" ON "homepages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "modules_homepage_idx" ON "modules" USING btree ("homepage_id","sort_key");--> statement-breakpoint
CREATE INDEX "sources_bag_idx" ON "sources" USING btree ("bag_id","parent_id","sort_key");--> statement-breakpoint
CREATE INDEX "sources_homepage_idx" ON "sources" USING btree ("homepage_id");