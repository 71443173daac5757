CREATE TABLE "event_type_totals" (
	"type" smallint PRIMARY KEY NOT NULL,
	"events" integer NOT NULL
);
--> statement-breakpoint
-- The number of events of each type (docs/decisions/053), kept in the statement that writes events:
-- each statement adds the difference its rows make per type (transition tables), in key order, so two
-- writers lock the rows in the same order; an update that changes no type writes nothing. A type whose
-- count drops to 0 keeps its row, counting nothing.
CREATE FUNCTION lightpath_event_type_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM event_type_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO event_type_totals AS k (type, events)
      SELECT type, count(*)::int FROM new_events GROUP BY 1 ORDER BY 1
    ON CONFLICT (type) DO UPDATE SET events = k.events + excluded.events;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO event_type_totals AS k (type, events)
      SELECT type, -count(*)::int FROM old_events GROUP BY 1 ORDER BY 1
    ON CONFLICT (type) DO UPDATE SET events = k.events + excluded.events;
  ELSE
    INSERT INTO event_type_totals AS k (type, events)
      SELECT type, sum(n)::int FROM (
        SELECT type, 1 AS n FROM new_events
        UNION ALL
        SELECT type, -1 FROM old_events
      ) changed GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
    ON CONFLICT (type) DO UPDATE SET events = k.events + excluded.events;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_type_totals_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_event_type_totals_apply();
--> statement-breakpoint
CREATE TRIGGER event_type_totals_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_event_type_totals_apply();
--> statement-breakpoint
CREATE TRIGGER event_type_totals_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_events
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_event_type_totals_apply();
--> statement-breakpoint
CREATE TRIGGER event_type_totals_truncate AFTER TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_event_type_totals_apply();
--> statement-breakpoint
INSERT INTO event_type_totals (type, events) SELECT type, count(*)::int FROM events GROUP BY 1 ORDER BY 1;
