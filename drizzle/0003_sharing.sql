CREATE TABLE "bag_follows" (
	"bag_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bag_follows_bag_id_user_id_pk" PRIMARY KEY("bag_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bag_shares" (
	"bag_id" integer PRIMARY KEY NOT NULL,
	"remark" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homepage_follows" (
	"homepage_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homepage_follows_homepage_id_user_id_pk" PRIMARY KEY("homepage_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "homepage_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"homepage_id" integer NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"max_uses" integer NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homepage_members" (
	"homepage_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"permission" varchar(10) DEFAULT 'member' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homepage_members_homepage_id_user_id_pk" PRIMARY KEY("homepage_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "homepage_visits" (
	"homepage_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "homepage_visits_homepage_id_day_pk" PRIMARY KEY("homepage_id","day")
);
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "share_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bag_follows" ADD CONSTRAINT "bag_follows_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_follows" ADD CONSTRAINT "bag_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_shares" ADD CONSTRAINT "bag_shares_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_follows" ADD CONSTRAINT "homepage_follows_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_follows" ADD CONSTRAINT "homepage_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_invites" ADD CONSTRAINT "homepage_invites_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_members" ADD CONSTRAINT "homepage_members_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_members" ADD CONSTRAINT "homepage_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_visits" ADD CONSTRAINT "homepage_visits_homepage_id_homepages_id_fk" FOREIGN KEY ("homepage_id") REFERENCES "public"."homepages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bag_follows_user_idx" ON "bag_follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "homepage_follows_user_idx" ON "homepage_follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homepage_invites_token_key" ON "homepage_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "homepage_invites_live_key" ON "homepage_invites" USING btree ("homepage_id") WHERE "homepage_invites"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "homepage_members_user_idx" ON "homepage_members" USING btree ("user_id");