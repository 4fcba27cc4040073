ALTER TABLE "notes" ADD COLUMN "language" varchar(20);--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "rendered" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notes_body_key" ON "notes" USING btree ("source_id") WHERE "notes"."kind" in ('post', 'code');