CREATE TABLE "search_entries" (
	"source" text NOT NULL,
	"record_id" text NOT NULL,
	"variant" text,
	"customer_id" integer,
	"label" text,
	"document" text NOT NULL,
	"words" text NOT NULL,
	"value_0" text,
	"value_1" text,
	"value_2" text,
	"value_3" text,
	"value_4" text,
	CONSTRAINT "search_entries_source_record_id_pk" PRIMARY KEY("source","record_id")
);
--> statement-breakpoint
DROP INDEX "contacts_search_trgm";--> statement-breakpoint
DROP INDEX "users_search_trgm";--> statement-breakpoint
CREATE INDEX "search_entries_document_trgm" ON "search_entries" USING gin ("document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_entries_words_trgm" ON "search_entries" USING gin ("words" gin_trgm_ops);--> statement-breakpoint
-- Kept by the statements that change the searched tables, in their own transaction (docs/decisions/046),
-- like service_totals (0024): a rolled-back write changes no entry, and a reader never sees an entry
-- without its row. Each source has a refresh of the entries of some records (delete, then insert what
-- the table holds now, in key order), which its statement triggers call with the ids the statement
-- touched (transition tables: the seed's bulk insert refreshes once). The kinds, weights and scoring
-- stay in the search module; an entry holds only the lower-cased texts and what decides the kind.
CREATE FUNCTION lightpath_search_refresh_sites(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE source = 'sites' AND record_id = ANY (ids::text[]);
  INSERT INTO search_entries (source, record_id, variant, customer_id, label, document, words, value_0, value_1, value_2)
    SELECT 'sites', site_id::text, site_type::text, customer_id, site_name,
      lower(concat_ws(chr(31), site_number, site_name, vpls_name)), lower(concat_ws(chr(31), site_name, vpls_name)),
      lower(site_number), lower(site_name), lower(vpls_name)
    FROM sites WHERE site_id = ANY (ids) ORDER BY site_id;
$$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_refresh_services(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE source = 'services' AND record_id = ANY (ids);
  INSERT INTO search_entries (source, record_id, variant, customer_id, label, document, words, value_0, value_1, value_2)
    SELECT 'services', s.service_id, s.type_letter, s.customer_id, s.service_id,
      lower(concat_ws(chr(31), s.service_id, s.description, p.ip_address)), lower(s.description),
      lower(s.service_id), lower(s.description), lower(p.ip_address)
    FROM services s LEFT JOIN service_patching p ON p.service_id = s.service_id
    WHERE s.service_id = ANY (ids) ORDER BY s.service_id;
$$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_refresh_users(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE source = 'users' AND record_id = ANY (ids::text[]);
  INSERT INTO search_entries (source, record_id, customer_id, label, document, words, value_0, value_1, value_2, value_3, value_4)
    SELECT 'users', user_id::text, customer_id, firstname || ' ' || surname,
      lower(concat_ws(chr(31), firstname, surname, email, title, firstname || ' ' || surname)),
      lower(concat_ws(chr(31), firstname || ' ' || surname, title)),
      lower(firstname), lower(surname), lower(email), lower(title), lower(firstname || ' ' || surname)
    FROM users WHERE user_id = ANY (ids) ORDER BY user_id;
$$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_refresh_contacts(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE source = 'contacts' AND record_id = ANY (ids::text[]);
  INSERT INTO search_entries (source, record_id, customer_id, label, document, words, value_0, value_1, value_2)
    SELECT 'contacts', contact_id::text, customer_id, contact_name,
      lower(concat_ws(chr(31), contact_name, email, title)), lower(concat_ws(chr(31), contact_name, title)),
      lower(contact_name), lower(email), lower(title)
    FROM contacts WHERE contact_id = ANY (ids) ORDER BY contact_id;
$$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_refresh_events(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE source = 'events' AND record_id = ANY (ids::text[]);
  INSERT INTO search_entries (source, record_id, label, document, words, value_0)
    SELECT 'events', event_id::text, title, lower(title), lower(title), lower(title)
    FROM events WHERE event_id = ANY (ids) ORDER BY event_id;
$$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_refresh_equipment(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_entries WHERE source = 'equipment' AND record_id = ANY (ids::text[]);
  INSERT INTO search_entries (source, record_id, label, document, words, value_0, value_1)
    SELECT 'equipment', shelf_id::text, name, lower(concat_ws(chr(31), name, ip_address)), '',
      lower(name), lower(ip_address)
    FROM shelves WHERE shelf_id = ANY (ids) ORDER BY shelf_id;
$$;
--> statement-breakpoint
-- One trigger function per table, for its insert, update and delete triggers (each names the
-- transition tables it has: a branch runs only for its own operation) and its truncate.
CREATE FUNCTION lightpath_search_sites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_entries WHERE source = 'sites';
  ELSIF TG_OP = 'INSERT' THEN PERFORM lightpath_search_refresh_sites(ARRAY(SELECT site_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM lightpath_search_refresh_sites(ARRAY(SELECT site_id FROM old_rows));
  ELSE PERFORM lightpath_search_refresh_sites(ARRAY(SELECT site_id FROM new_rows UNION SELECT site_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_services_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_entries WHERE source = 'services';
  ELSIF TG_OP = 'INSERT' THEN PERFORM lightpath_search_refresh_services(ARRAY(SELECT service_id::text FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM lightpath_search_refresh_services(ARRAY(SELECT service_id::text FROM old_rows));
  ELSE PERFORM lightpath_search_refresh_services(ARRAY(SELECT service_id::text FROM new_rows UNION SELECT service_id::text FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A service's address lives in its patching row: a change there refreshes the service's entry.
CREATE FUNCTION lightpath_search_service_patching_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM lightpath_search_refresh_services(ARRAY(SELECT record_id FROM search_entries WHERE source = 'services' AND value_2 IS NOT NULL));
  ELSIF TG_OP = 'INSERT' THEN PERFORM lightpath_search_refresh_services(ARRAY(SELECT service_id::text FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM lightpath_search_refresh_services(ARRAY(SELECT service_id::text FROM old_rows));
  ELSE PERFORM lightpath_search_refresh_services(ARRAY(SELECT service_id::text FROM new_rows UNION SELECT service_id::text FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_entries WHERE source = 'users';
  ELSIF TG_OP = 'INSERT' THEN PERFORM lightpath_search_refresh_users(ARRAY(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM lightpath_search_refresh_users(ARRAY(SELECT user_id FROM old_rows));
  ELSE PERFORM lightpath_search_refresh_users(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_contacts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_entries WHERE source = 'contacts';
  ELSIF TG_OP = 'INSERT' THEN PERFORM lightpath_search_refresh_contacts(ARRAY(SELECT contact_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM lightpath_search_refresh_contacts(ARRAY(SELECT contact_id FROM old_rows));
  ELSE PERFORM lightpath_search_refresh_contacts(ARRAY(SELECT contact_id FROM new_rows UNION SELECT contact_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_entries WHERE source = 'events';
  ELSIF TG_OP = 'INSERT' THEN PERFORM lightpath_search_refresh_events(ARRAY(SELECT event_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM lightpath_search_refresh_events(ARRAY(SELECT event_id FROM old_rows));
  ELSE PERFORM lightpath_search_refresh_events(ARRAY(SELECT event_id FROM new_rows UNION SELECT event_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lightpath_search_shelves_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_entries WHERE source = 'equipment';
  ELSIF TG_OP = 'INSERT' THEN PERFORM lightpath_search_refresh_equipment(ARRAY(SELECT shelf_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM lightpath_search_refresh_equipment(ARRAY(SELECT shelf_id FROM old_rows));
  ELSE PERFORM lightpath_search_refresh_equipment(ARRAY(SELECT shelf_id FROM new_rows UNION SELECT shelf_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_entries_insert AFTER INSERT ON sites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_sites_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_update AFTER UPDATE ON sites REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_sites_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_delete AFTER DELETE ON sites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_sites_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_sites_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_services_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_update AFTER UPDATE ON services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_services_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_services_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_services_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_insert AFTER INSERT ON service_patching REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_service_patching_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_update AFTER UPDATE ON service_patching REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_service_patching_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_delete AFTER DELETE ON service_patching REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_service_patching_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON service_patching
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_service_patching_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_users_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_users_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_users_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_users_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_contacts_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_contacts_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_contacts_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_contacts_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_events_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_events_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_events_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_events_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_insert AFTER INSERT ON shelves REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_shelves_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_update AFTER UPDATE ON shelves REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_shelves_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_delete AFTER DELETE ON shelves REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_shelves_changed();
--> statement-breakpoint
CREATE TRIGGER search_entries_truncate AFTER TRUNCATE ON shelves
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_search_shelves_changed();
--> statement-breakpoint
SELECT lightpath_search_refresh_sites(ARRAY(SELECT site_id FROM sites));
--> statement-breakpoint
SELECT lightpath_search_refresh_services(ARRAY(SELECT service_id::text FROM services));
--> statement-breakpoint
SELECT lightpath_search_refresh_users(ARRAY(SELECT user_id FROM users));
--> statement-breakpoint
SELECT lightpath_search_refresh_contacts(ARRAY(SELECT contact_id FROM contacts));
--> statement-breakpoint
SELECT lightpath_search_refresh_events(ARRAY(SELECT event_id FROM events));
--> statement-breakpoint
SELECT lightpath_search_refresh_equipment(ARRAY(SELECT shelf_id FROM shelves));
