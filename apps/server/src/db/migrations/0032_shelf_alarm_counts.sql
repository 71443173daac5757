-- Each alarmed shelf's alarms counted by level (docs/decisions/050): the shelf lists filtered by a level
-- and sorted worst first grouped every alarm on each request, and tested every shelf for an alarm of
-- the level. The counts are kept as each write to equipment_alarms adds and takes away, not recomputed:
-- two instances' alarm jobs may write at once, and a delta applied under the row's lock stays exact
-- where a count read in one transaction's snapshot could miss the other's rows.
CREATE TABLE "shelf_alarm_counts" (
	"shelf_id" integer PRIMARY KEY NOT NULL,
	"critical" integer DEFAULT 0 NOT NULL,
	"major" integer DEFAULT 0 NOT NULL,
	"minor" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"score" bigint GENERATED ALWAYS AS (critical::bigint * 1000000000 + major::bigint * 1000000 + minor::bigint * 1000 + warning) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shelf_alarm_counts" ADD CONSTRAINT "shelf_alarm_counts_shelf_id_shelves_shelf_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("shelf_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shelf_alarm_counts_score_idx" ON "shelf_alarm_counts" USING btree ("score","shelf_id");--> statement-breakpoint
INSERT INTO shelf_alarm_counts (shelf_id, critical, major, minor, warning)
  SELECT shelf_id, count(*) FILTER (WHERE level = 'critical'), count(*) FILTER (WHERE level = 'major'),
    count(*) FILTER (WHERE level = 'minor'), count(*) FILTER (WHERE level = 'warning')
  FROM equipment_alarms GROUP BY shelf_id;
--> statement-breakpoint
-- Adds each row's delta (+1 for an alarm written, -1 for one removed) to its shelf's counts, in shelf
-- order so that two writers take the rows' locks in the same order. A shelf being deleted (its alarms
-- go with it, by cascade) is skipped: its row of counts goes too.
CREATE FUNCTION lightpath_shelf_alarm_counts_apply(ids integer[], levels text[], deltas integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO shelf_alarm_counts AS k (shelf_id, critical, major, minor, warning)
    SELECT d.shelf_id,
      coalesce(sum(d.delta) FILTER (WHERE d.level = 'critical'), 0),
      coalesce(sum(d.delta) FILTER (WHERE d.level = 'major'), 0),
      coalesce(sum(d.delta) FILTER (WHERE d.level = 'minor'), 0),
      coalesce(sum(d.delta) FILTER (WHERE d.level = 'warning'), 0)
    FROM unnest(ids, levels, deltas) AS d(shelf_id, level, delta)
    WHERE EXISTS (SELECT 1 FROM shelves s WHERE s.shelf_id = d.shelf_id)
    GROUP BY d.shelf_id
    ORDER BY d.shelf_id
  ON CONFLICT (shelf_id) DO UPDATE SET critical = k.critical + excluded.critical,
    major = k.major + excluded.major, minor = k.minor + excluded.minor,
    warning = k.warning + excluded.warning;
$$;
--> statement-breakpoint
-- Transition tables, so a batch of alarms is one call; an insert that meets an existing alarm and
-- updates it fires the update trigger for that row, not the insert's.
CREATE FUNCTION lightpath_shelf_alarm_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM shelf_alarm_counts;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM lightpath_shelf_alarm_counts_apply(array_agg(shelf_id), array_agg(level), array_agg(1))
      FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lightpath_shelf_alarm_counts_apply(array_agg(shelf_id), array_agg(level), array_agg(-1))
      FROM old_rows;
  ELSE
    PERFORM lightpath_shelf_alarm_counts_apply(array_agg(shelf_id), array_agg(level), array_agg(delta))
      FROM (SELECT shelf_id, level, -1 AS delta FROM old_rows
            UNION ALL SELECT shelf_id, level, 1 FROM new_rows) AS changed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shelf_alarm_counts_insert AFTER INSERT ON equipment_alarms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_alarm_counts_change();
--> statement-breakpoint
CREATE TRIGGER shelf_alarm_counts_update AFTER UPDATE ON equipment_alarms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_alarm_counts_change();
--> statement-breakpoint
CREATE TRIGGER shelf_alarm_counts_delete AFTER DELETE ON equipment_alarms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_alarm_counts_change();
--> statement-breakpoint
CREATE TRIGGER shelf_alarm_counts_truncate AFTER TRUNCATE ON equipment_alarms
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_alarm_counts_change();
