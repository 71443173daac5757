-- The jobs list's text filter: name, launcher and hosts as one text a trigram index can hold. Immutable
-- because array_to_string of a text[] always gives the same text; the built-in is only marked stable.
CREATE FUNCTION lightpath_awx_job_text(name text, launched_by text, hosts text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT name || ' ' || launched_by || ' ' || array_to_string(hosts, ' ') $$;
--> statement-breakpoint
CREATE INDEX "awx_jobs_search_trgm" ON "awx_jobs" USING gin (lightpath_awx_job_text("name", "launched_by_name", "hosts") gin_trgm_ops);
