CREATE TABLE "service_totals" (
	"customer_id" integer NOT NULL,
	"type_letter" char(1) NOT NULL,
	"status" smallint NOT NULL,
	"services" integer NOT NULL,
	CONSTRAINT "service_totals_customer_id_type_letter_status_pk" PRIMARY KEY("customer_id","type_letter","status")
);
--> statement-breakpoint
-- Kept by the statements that change services, in their own transaction (docs/decisions/042). A row per
-- (customer, type letter, status) that ever had a service; one that drops to 0 stays, counting nothing.
-- Statement triggers with transition tables: a bulk insert (the seed) adds its rows once per group.
-- Rows are written in key order, so two writers lock them in the same order (no deadlock).
CREATE FUNCTION lightpath_service_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO service_totals (customer_id, type_letter, status, services)
    SELECT customer_id, type_letter, status, count(*)::int FROM new_services GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (customer_id, type_letter, status)
    DO UPDATE SET services = service_totals.services + excluded.services;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_service_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_totals t SET services = t.services - gone.n
    FROM (SELECT customer_id, type_letter, status, count(*)::int AS n FROM old_services GROUP BY 1, 2, 3) gone
    WHERE t.customer_id = gone.customer_id AND t.type_letter = gone.type_letter AND t.status = gone.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves each changed row from its old group to its new one (a status change, a new customer).
CREATE FUNCTION lightpath_service_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO service_totals (customer_id, type_letter, status, services)
    SELECT customer_id, type_letter, status, sum(n)::int FROM (
      SELECT customer_id, type_letter, status, 1 AS n FROM new_services
      UNION ALL
      SELECT customer_id, type_letter, status, -1 AS n FROM old_services
    ) moved GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (customer_id, type_letter, status)
    DO UPDATE SET services = service_totals.services + excluded.services;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_service_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER service_totals_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_totals_add();
--> statement-breakpoint
CREATE TRIGGER service_totals_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_services
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_totals_remove();
--> statement-breakpoint
CREATE TRIGGER service_totals_update AFTER UPDATE ON services
  REFERENCING OLD TABLE AS old_services NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_totals_move();
--> statement-breakpoint
CREATE TRIGGER service_totals_truncate AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_totals_clear();
--> statement-breakpoint
INSERT INTO service_totals (customer_id, type_letter, status, services)
  SELECT customer_id, type_letter, status, count(*)::int FROM services GROUP BY 1, 2, 3;
