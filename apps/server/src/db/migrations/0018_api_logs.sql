-- No data version and no data_version_note trigger (docs/decisions/028, 033): the table is written
-- every second while anyone uses the portal, and a version bump would invalidate every kept reply.
-- No kept reply reads it (platform/reply-cache.ts, untrackedTables).
CREATE TABLE "api_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"user_id" integer,
	"email" text,
	"customer_id" integer,
	"acting_type" smallint,
	"method" text NOT NULL,
	"route" text,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"duration_ms" real NOT NULL,
	"address" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "api_logs_at_idx" ON "api_logs" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "api_logs_user_idx" ON "api_logs" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "api_logs_status_idx" ON "api_logs" USING btree ("status","at");
