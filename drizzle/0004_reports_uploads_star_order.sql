CREATE TABLE "source_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer,
	"homepage_id" integer,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"ip" text,
	"type" varchar(20) NOT NULL,
	"other" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"bytes" integer NOT NULL,
	"user_id" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "like_sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "source_reports" ADD CONSTRAINT "source_reports_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_reports" ADD CONSTRAINT "source_reports_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_reports" ADD CONSTRAINT "source_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_reports_status_idx" ON "source_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "source_reports_open_key" ON "source_reports" USING btree ("source_id","user_id") WHERE "source_reports"."status" = 'open' and "source_reports"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "uploads_uploaded_at_idx" ON "uploads" USING btree ("uploaded_at");