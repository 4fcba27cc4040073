CREATE TABLE "weather_places" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"report" jsonb,
	"fetched_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weather_city_id" integer;