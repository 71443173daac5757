ALTER TABLE "api_logs" ADD COLUMN "calls" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_logs" ADD COLUMN "max_duration_ms" real;