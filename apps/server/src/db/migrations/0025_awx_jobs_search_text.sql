DROP INDEX "awx_jobs_search_trgm";--> statement-breakpoint
ALTER TABLE "awx_jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(lightpath_awx_job_text(name, launched_by_name, hosts))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "awx_jobs_search_trgm" ON "awx_jobs" USING gin ("search_text" gin_trgm_ops);