CREATE TABLE "wechat_logins" (
	"scene" varchar(64) PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"type" varchar(10) NOT NULL,
	"user_id" integer,
	"ticket" text NOT NULL,
	"url" text NOT NULL,
	"openid" text,
	"scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wechat_logins" ADD CONSTRAINT "wechat_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_logins_expires_at_idx" ON "wechat_logins" USING btree ("expires_at");