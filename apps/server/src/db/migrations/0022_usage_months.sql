CREATE TABLE "service_usage_months" (
	"service_id" varchar(15) NOT NULL,
	"month" date NOT NULL,
	"line_rate_bps" bigint,
	"samples" integer NOT NULL,
	"p95_atob" real,
	"p95_btoa" real,
	"peak_atob" real,
	"peak_btoa" real,
	"mean_atob" real,
	"mean_btoa" real,
	"complete" boolean NOT NULL,
	"measured_until" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_usage_months_service_id_month_pk" PRIMARY KEY("service_id","month"),
	CONSTRAINT "service_usage_months_first_day" CHECK (extract(day from "service_usage_months"."month") = 1),
	CONSTRAINT "service_usage_months_samples" CHECK ("service_usage_months"."samples" >= 0)
);
--> statement-breakpoint
ALTER TABLE "service_usage_months" ADD CONSTRAINT "service_usage_months_service_id_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Repeat reads (docs/decisions/028): the table bumps its version at commit.
INSERT INTO data_versions (name, version) VALUES ('service_usage_months', 0);
--> statement-breakpoint
CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_usage_months
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change();
