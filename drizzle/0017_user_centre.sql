CREATE TABLE "browser_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"path" varchar(300) NOT NULL,
	"title" varchar(100) NOT NULL,
	"visited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"selector" text PRIMARY KEY NOT NULL,
	"verifier_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "history_recording" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "browser_history" ADD CONSTRAINT "browser_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "browser_history_user_path_key" ON "browser_history" USING btree ("user_id","path");--> statement-breakpoint
CREATE INDEX "browser_history_user_time_idx" ON "browser_history" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE INDEX "email_changes_user_id_idx" ON "email_changes" USING btree ("user_id");