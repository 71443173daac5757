CREATE TABLE "data_version_commits" (
	"id" bigserial PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Repeat reads (docs/decisions/028): every write to a tracked table notes the table in a
-- transaction-local setting; the transaction's first such write queues one deferred trigger, which
-- bumps the version of each noted table when the transaction commits, in name order, so two writers
-- always take the version rows' locks in the same order and hold them only while they commit.
CREATE FUNCTION lightpath_note_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('lightpath.touched_tables', true), '');
BEGIN
  IF touched = '' THEN
    INSERT INTO data_version_commits DEFAULT VALUES;
    touched := ',';
  END IF;
  IF position(',' || TG_TABLE_NAME || ',' IN touched) = 0 THEN
    PERFORM set_config('lightpath.touched_tables', touched || TG_TABLE_NAME || ',', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_bump_data_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('lightpath.touched_tables', true), '');
  tracked text;
BEGIN
  FOR tracked IN
    SELECT DISTINCT name FROM unnest(string_to_array(trim(BOTH ',' FROM touched), ',')) AS name
    WHERE name <> '' ORDER BY name
  LOOP
    INSERT INTO data_versions (name, version) VALUES (tracked, 1)
      ON CONFLICT (name) DO UPDATE SET version = data_versions.version + 1;
  END LOOP;
  PERFORM set_config('lightpath.touched_tables', '', true);
  DELETE FROM data_version_commits WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER data_version_commit AFTER INSERT ON data_version_commits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION lightpath_bump_data_versions();
--> statement-breakpoint
-- Which database this is, for the replies' ETags: a database created again starts its versions from
-- zero, and a browser's ETag from the old one must not match.
INSERT INTO data_versions (name, version) VALUES ('_database', floor(random() * 9e15)::bigint);
--> statement-breakpoint
DO $$
DECLARE
  tracked text;
BEGIN
  FOREACH tracked IN ARRAY ARRAY[
    'customers', 'users', 'sites', 'services', 'service_patching', 'events', 'event_services',
    'event_comments', 'event_notifications', 'event_requests', 'calendar_feeds', 'contacts',
    'site_contacts', 'service_notifications', 'simulated_third_party_circuits', 'faq_articles',
    'integration_status', 'tickets', 'ticket_comments', 'ticket_attachments', 'site_access_requests',
    'site_checkins', 'spare_parts', 'spare_part_movements', 'zabbix_mutes', 'shelves',
    'equipment_cards', 'equipment_ports', 'equipment_alarms'
  ] LOOP
    INSERT INTO data_versions (name, version) VALUES (tracked, 0);
    EXECUTE format(
      'CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change()', tracked);
  END LOOP;
END $$;
