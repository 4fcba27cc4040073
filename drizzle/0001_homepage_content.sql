CREATE TABLE "icon_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"type" varchar(10) DEFAULT 'font' NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bags" ADD COLUMN "deleted_batch_id" text;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "is_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "liked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "referral" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "deleted_batch_id" text;--> statement-breakpoint
ALTER TABLE "icon_history" ADD CONSTRAINT "icon_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "icon_history_user_key" ON "icon_history" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "icon_history_used_idx" ON "icon_history" USING btree ("user_id","used_at");