CREATE TABLE "awx_job_search_texts" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "awx_jobs_search_trgm";--> statement-breakpoint
ALTER TABLE "awx_job_search_texts" ADD CONSTRAINT "awx_job_search_texts_job_id_awx_jobs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."awx_jobs"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awx_job_search_texts_trgm" ON "awx_job_search_texts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "awx_jobs_status_idx" ON "awx_jobs" USING btree ("status","job_id");--> statement-breakpoint
ALTER TABLE "awx_jobs" DROP COLUMN "search_text";--> statement-breakpoint
-- Kept by the statements that write jobs, in their own transaction (docs/decisions/042). A statement
-- trigger with a transition table: the seed's bulk insert adds its texts in one statement.
CREATE FUNCTION lightpath_awx_job_search_texts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO awx_job_search_texts (job_id, search_text)
    SELECT job_id, lower(lightpath_awx_job_text(name, launched_by_name, hosts)) FROM new_jobs;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The portal never changes a job's searched fields after its launch, but psql or a script may. A row
-- trigger: a column list cannot go with transition tables, and with it the progress updates, which
-- touch none of these columns, fire nothing.
CREATE FUNCTION lightpath_awx_job_search_texts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE awx_job_search_texts
    SET search_text = lower(lightpath_awx_job_text(NEW.name, NEW.launched_by_name, NEW.hosts))
    WHERE job_id = NEW.job_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER awx_job_search_texts_insert AFTER INSERT ON awx_jobs REFERENCING NEW TABLE AS new_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_awx_job_search_texts_add();
--> statement-breakpoint
CREATE TRIGGER awx_job_search_texts_update AFTER UPDATE OF name, launched_by_name, hosts ON awx_jobs
  FOR EACH ROW EXECUTE FUNCTION lightpath_awx_job_search_texts_change();
--> statement-breakpoint
INSERT INTO awx_job_search_texts (job_id, search_text)
  SELECT job_id, lower(lightpath_awx_job_text(name, launched_by_name, hosts)) FROM awx_jobs;
