-- The job's name beside its kept search text (docs/decisions/042, "the jobs list's name sort"): a
-- filtered list sorted by name counts its matches and picks its page in one pass over this narrow
-- table, and reads only the page's jobs, where it read every matching job's wide row to sort them.
ALTER TABLE "awx_job_search_texts" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE awx_job_search_texts k SET name = j.name FROM awx_jobs j WHERE j.job_id = k.job_id;--> statement-breakpoint
ALTER TABLE "awx_job_search_texts" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
-- The triggers of migration 0029 copy the name too; the row trigger already fires on a change of it.
CREATE OR REPLACE FUNCTION lightpath_awx_job_search_texts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO awx_job_search_texts (job_id, search_text, name)
    SELECT job_id, lower(lightpath_awx_job_text(name, launched_by_name, hosts)), name FROM new_jobs;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lightpath_awx_job_search_texts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE awx_job_search_texts
    SET search_text = lower(lightpath_awx_job_text(NEW.name, NEW.launched_by_name, NEW.hosts)), name = NEW.name
    WHERE job_id = NEW.job_id;
  RETURN NULL;
END $$;
