-- How many cards and ports each shelf has (docs/decisions/050), kept as each write to equipment_cards and
-- equipment_ports adds and takes away, like the alarm counts of migration 0032: every shelf list showed
-- both counts by counting a page's hundred shelves' cards and ports on each request.
CREATE TABLE "shelf_part_counts" (
	"shelf_id" integer PRIMARY KEY NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	"ports" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shelf_part_counts" ADD CONSTRAINT "shelf_part_counts_shelf_id_shelves_shelf_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("shelf_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds each row's delta (+1 written, -1 removed) to its shelf's count of `part` ('cards' or 'ports'), in
-- shelf order so that two writers take the rows' locks in the same order. A shelf whose deltas sum to
-- zero (a port renamed, its state changed) is left unwritten; a shelf being deleted (its cards and
-- ports go with it, by cascade) is skipped, as its row of counts goes too.
CREATE FUNCTION lightpath_shelf_part_counts_apply(ids integer[], deltas integer[], part text)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO shelf_part_counts AS k (shelf_id, cards, ports)
    SELECT t.shelf_id, CASE WHEN part = 'cards' THEN t.delta ELSE 0 END,
      CASE WHEN part = 'ports' THEN t.delta ELSE 0 END
    FROM (
      SELECT d.shelf_id, sum(d.delta)::int AS delta
      FROM unnest(ids, deltas) AS d(shelf_id, delta)
      WHERE EXISTS (SELECT 1 FROM shelves s WHERE s.shelf_id = d.shelf_id)
      GROUP BY d.shelf_id
    ) t
    WHERE t.delta <> 0
    ORDER BY t.shelf_id
  ON CONFLICT (shelf_id) DO UPDATE SET cards = k.cards + excluded.cards, ports = k.ports + excluded.ports;
$$;
--> statement-breakpoint
-- Transition tables, so a batch (the seed's, an Update Shelf's) is one call. TG_ARGV[0] names the part.
CREATE FUNCTION lightpath_shelf_part_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF TG_ARGV[0] = 'cards' THEN
      UPDATE shelf_part_counts SET cards = 0 WHERE cards <> 0;
    ELSE
      UPDATE shelf_part_counts SET ports = 0 WHERE ports <> 0;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM lightpath_shelf_part_counts_apply(array_agg(shelf_id), array_agg(1), TG_ARGV[0]) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lightpath_shelf_part_counts_apply(array_agg(shelf_id), array_agg(-1), TG_ARGV[0]) FROM old_rows;
  ELSE
    PERFORM lightpath_shelf_part_counts_apply(array_agg(shelf_id), array_agg(delta), TG_ARGV[0])
      FROM (SELECT shelf_id, -1 AS delta FROM old_rows
            UNION ALL SELECT shelf_id, 1 FROM new_rows) AS changed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_insert AFTER INSERT ON equipment_cards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('cards');
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_update AFTER UPDATE ON equipment_cards
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('cards');
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_delete AFTER DELETE ON equipment_cards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('cards');
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_truncate AFTER TRUNCATE ON equipment_cards
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('cards');
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_insert AFTER INSERT ON equipment_ports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('ports');
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_update AFTER UPDATE ON equipment_ports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('ports');
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_delete AFTER DELETE ON equipment_ports REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('ports');
--> statement-breakpoint
CREATE TRIGGER shelf_part_counts_truncate AFTER TRUNCATE ON equipment_ports
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_shelf_part_counts_change('ports');
--> statement-breakpoint
INSERT INTO shelf_part_counts (shelf_id, cards, ports)
  SELECT shelf_id, sum(cards)::int, sum(ports)::int FROM (
    SELECT shelf_id, count(*) AS cards, 0 AS ports FROM equipment_cards GROUP BY shelf_id
    UNION ALL
    SELECT shelf_id, 0, count(*) FROM equipment_ports GROUP BY shelf_id
  ) parts GROUP BY shelf_id ORDER BY shelf_id;
