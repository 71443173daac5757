CREATE TABLE "service_type_totals" (
	"type_letter" char(1) NOT NULL,
	"status" smallint NOT NULL,
	"services" integer NOT NULL,
	CONSTRAINT "service_type_totals_type_letter_status_pk" PRIMARY KEY("type_letter","status")
);
--> statement-breakpoint
-- Every customer's totals summed per type letter and status (docs/decisions/051), kept from the changes
-- to service_totals (themselves kept by triggers on services, migration 0024) in the same statement:
-- each changed total adds its difference. Rows are written in key order, so two writers lock them in
-- the same order; a row that drops to 0 stays, counting nothing.
CREATE FUNCTION lightpath_service_type_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_type_totals AS k (type_letter, status, services)
      SELECT type_letter, status, sum(services)::int FROM new_totals GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (type_letter, status) DO UPDATE SET services = k.services + excluded.services;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO service_type_totals AS k (type_letter, status, services)
      SELECT type_letter, status, -sum(services)::int FROM old_totals GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (type_letter, status) DO UPDATE SET services = k.services + excluded.services;
  ELSE
    INSERT INTO service_type_totals AS k (type_letter, status, services)
      SELECT type_letter, status, sum(n)::int FROM (
        SELECT type_letter, status, services AS n FROM new_totals
        UNION ALL
        SELECT type_letter, status, -services FROM old_totals
      ) changed GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (type_letter, status) DO UPDATE SET services = k.services + excluded.services;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER service_type_totals_insert AFTER INSERT ON service_totals REFERENCING NEW TABLE AS new_totals
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_type_totals_apply();
--> statement-breakpoint
CREATE TRIGGER service_type_totals_update AFTER UPDATE ON service_totals
  REFERENCING OLD TABLE AS old_totals NEW TABLE AS new_totals
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_type_totals_apply();
--> statement-breakpoint
CREATE TRIGGER service_type_totals_delete AFTER DELETE ON service_totals REFERENCING OLD TABLE AS old_totals
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_type_totals_apply();
--> statement-breakpoint
INSERT INTO service_type_totals (type_letter, status, services)
  SELECT type_letter, status, sum(services)::int FROM service_totals GROUP BY 1, 2 ORDER BY 1, 2;
