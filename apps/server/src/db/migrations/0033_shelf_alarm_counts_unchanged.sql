-- A write to equipment_alarms that leaves a shelf's counts as they were (an alarm acknowledged, its
-- text or time changed, two alarms swapping levels) no longer rewrites the shelf's row of counts with
-- zero deltas (docs/decisions/050). Every such rewrite left a dead row: a round of the alarm job that
-- touched each alarm's time rewrote all 2,808 alarmed shelves' rows, and after a dozen rounds the
-- table held 34,298 dead rows beside its 2,808 live ones, which the shelf lists then read through.
CREATE OR REPLACE FUNCTION lightpath_shelf_alarm_counts_apply(ids integer[], levels text[], deltas integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO shelf_alarm_counts AS k (shelf_id, critical, major, minor, warning)
    SELECT t.shelf_id, t.critical, t.major, t.minor, t.warning
    FROM (
      SELECT d.shelf_id,
        coalesce(sum(d.delta) FILTER (WHERE d.level = 'critical'), 0)::int AS critical,
        coalesce(sum(d.delta) FILTER (WHERE d.level = 'major'), 0)::int AS major,
        coalesce(sum(d.delta) FILTER (WHERE d.level = 'minor'), 0)::int AS minor,
        coalesce(sum(d.delta) FILTER (WHERE d.level = 'warning'), 0)::int AS warning
      FROM unnest(ids, levels, deltas) AS d(shelf_id, level, delta)
      WHERE EXISTS (SELECT 1 FROM shelves s WHERE s.shelf_id = d.shelf_id)
      GROUP BY d.shelf_id
    ) t
    WHERE (t.critical, t.major, t.minor, t.warning) <> (0, 0, 0, 0)
    ORDER BY t.shelf_id
  ON CONFLICT (shelf_id) DO UPDATE SET critical = k.critical + excluded.critical,
    major = k.major + excluded.major, minor = k.minor + excluded.minor,
    warning = k.warning + excluded.warning;
$$;
