CREATE TABLE "group_applies" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_bookmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"user_id" integer,
	"name" varchar(100) NOT NULL,
	"url" text NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'approved' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"appeal" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"title" varchar(20) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_invites" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(50) DEFAULT '' NOT NULL,
	"action" varchar(30) NOT NULL,
	"subject" varchar(120) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"permission" varchar(10) DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_stars" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_stars_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"index_mode" varchar(10) DEFAULT 'category' NOT NULL,
	"banner" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "group_applies" ADD CONSTRAINT "group_applies_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applies" ADD CONSTRAINT "group_applies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_bookmarks" ADD CONSTRAINT "group_bookmarks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_bookmarks" ADD CONSTRAINT "group_bookmarks_category_id_group_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."group_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_bookmarks" ADD CONSTRAINT "group_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_categories" ADD CONSTRAINT "group_categories_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_logs" ADD CONSTRAINT "group_logs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_logs" ADD CONSTRAINT "group_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_stars" ADD CONSTRAINT "group_stars_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_stars" ADD CONSTRAINT "group_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_applies_pending_key" ON "group_applies" USING btree ("group_id","user_id") WHERE "group_applies"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_applies_group_idx" ON "group_applies" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "group_applies_user_idx" ON "group_applies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_bookmarks_category_idx" ON "group_bookmarks" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "group_bookmarks_group_idx" ON "group_bookmarks" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "group_bookmarks_user_idx" ON "group_bookmarks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_categories_group_idx" ON "group_categories" USING btree ("group_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "group_invites_token_key" ON "group_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "group_logs_group_idx" ON "group_logs" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "group_logs_actor_idx" ON "group_logs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_stars_user_idx" ON "group_stars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_user_idx" ON "groups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_open_idx" ON "groups" USING btree ("created_at") WHERE "groups"."is_open" and "groups"."deleted_at" is null;