CREATE TABLE "skin_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"thumb" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skin_history" ADD CONSTRAINT "skin_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skin_history_user_key" ON "skin_history" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "skin_history_created_idx" ON "skin_history" USING btree ("user_id","created_at");