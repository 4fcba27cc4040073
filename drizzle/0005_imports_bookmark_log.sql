CREATE TABLE "bookmark_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"encoding" varchar(20) NOT NULL,
	"folder_count" integer NOT NULL,
	"link_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	"depth" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"toolbar" boolean DEFAULT false NOT NULL,
	"add_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"folder_id" integer,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"raw_url" text NOT NULL,
	"url" text,
	"skip" varchar(10),
	"description" text DEFAULT '' NOT NULL,
	"add_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"import_id" integer,
	"homepage_id" integer NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bookmark_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"homepage_id" integer,
	"action" varchar(12) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"url" text,
	"count" integer DEFAULT 1 NOT NULL,
	"place" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bags" ADD COLUMN "import_run_id" integer;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "import_run_id" integer;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "import_run_id" integer;--> statement-breakpoint
ALTER TABLE "bookmark_imports" ADD CONSTRAINT "bookmark_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_folders" ADD CONSTRAINT "import_folders_import_id_bookmark_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bookmark_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_folders" ADD CONSTRAINT "import_folders_parent_id_import_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."import_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_links" ADD CONSTRAINT "import_links_import_id_bookmark_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bookmark_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_links" ADD CONSTRAINT "import_links_folder_id_import_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."import_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_import_id_bookmark_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bookmark_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_log" ADD CONSTRAINT "bookmark_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_log" ADD CONSTRAINT "bookmark_log_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmark_imports_user_idx" ON "bookmark_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "import_folders_import_idx" ON "import_folders" USING btree ("import_id","position");--> statement-breakpoint
CREATE INDEX "import_links_import_idx" ON "import_links" USING btree ("import_id","folder_id","position");--> statement-breakpoint
CREATE INDEX "import_runs_user_idx" ON "import_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookmark_log_user_idx" ON "bookmark_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bags_import_run_idx" ON "bags" USING btree ("import_run_id") WHERE "bags"."import_run_id" is not null;--> statement-breakpoint
CREATE INDEX "modules_import_run_idx" ON "modules" USING btree ("import_run_id") WHERE "modules"."import_run_id" is not null;--> statement-breakpoint
CREATE INDEX "sources_import_run_idx" ON "sources" USING btree ("import_run_id") WHERE "sources"."import_run_id" is not null;