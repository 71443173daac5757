CREATE TABLE "awx_job_watches" (
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awx_job_watches_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "awx_jobs" (
	"job_id" serial PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"instance" text NOT NULL,
	"awx_job_id" integer,
	"targets" jsonb NOT NULL,
	"hosts" text[] NOT NULL,
	"equipment_ids" integer[] NOT NULL,
	"service_id" text,
	"filter" text,
	"launched_by" integer,
	"launched_by_name" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"explanation" text,
	"output" text DEFAULT '' NOT NULL,
	"output_lines" integer DEFAULT 0 NOT NULL,
	"host_summaries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"claimed_by" text,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "awx_job_watches" ADD CONSTRAINT "awx_job_watches_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awx_job_watches" ADD CONSTRAINT "awx_job_watches_job_id_awx_jobs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."awx_jobs"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awx_jobs" ADD CONSTRAINT "awx_jobs_launched_by_users_user_id_fk" FOREIGN KEY ("launched_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "awx_jobs_idempotency_key" ON "awx_jobs" USING btree ("launched_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "awx_jobs_created_idx" ON "awx_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "awx_jobs_ongoing_idx" ON "awx_jobs" USING btree ("job_id") WHERE "awx_jobs"."status" in ('new', 'pending', 'waiting', 'running');--> statement-breakpoint
CREATE INDEX "awx_jobs_equipment_idx" ON "awx_jobs" USING gin ("equipment_ids");--> statement-breakpoint
CREATE INDEX "awx_jobs_service_idx" ON "awx_jobs" USING btree ("service_id");--> statement-breakpoint
-- Repeat reads (docs/decisions/028): both tables bump their version at commit.
INSERT INTO data_versions (name, version) VALUES ('awx_jobs', 0), ('awx_job_watches', 0);
--> statement-breakpoint
CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON awx_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change();
--> statement-breakpoint
CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON awx_job_watches
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change();
