CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"source_id" integer,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"language" varchar(20),
	"rendered" text,
	"extract" varchar(100) DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_user_idx" ON "notes" USING btree ("user_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "notes_source_idx" ON "notes" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_body_key" ON "notes" USING btree ("source_id") WHERE "notes"."kind" in ('post', 'code');