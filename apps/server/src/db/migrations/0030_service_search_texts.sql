CREATE TABLE "service_search_texts" (
	"service_id" varchar(15) PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type_letter" char(1) NOT NULL,
	"status" smallint NOT NULL,
	"a_end_site_id" integer NOT NULL,
	"b_end_site_id" integer,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_search_texts" ADD CONSTRAINT "service_search_texts_service_id_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("service_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "service_search_texts_trgm" ON "service_search_texts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_search_texts_customer_idx" ON "service_search_texts" USING btree ("customer_id");
--> statement-breakpoint
-- Kept by the statements that write services, in their own transaction (docs/decisions/042). A statement
-- trigger with a transition table on insert: the seed's bulk insert adds its rows in one statement.
CREATE FUNCTION lightpath_service_search_texts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO service_search_texts
      (service_id, customer_id, type_letter, status, a_end_site_id, b_end_site_id, search_text)
    SELECT service_id, customer_id, type_letter, status, a_end_site_id, b_end_site_id, search_text
    FROM new_services ORDER BY service_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row trigger on the copied columns only (a column list cannot go with transition tables): the
-- writes that touch none of them (a contracted target, patching notes) fire nothing. A changed id has
-- already reached this table through the foreign key's ON UPDATE CASCADE, whose trigger runs first.
CREATE FUNCTION lightpath_service_search_texts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_search_texts
    SET customer_id = NEW.customer_id, type_letter = NEW.type_letter, status = NEW.status,
        a_end_site_id = NEW.a_end_site_id, b_end_site_id = NEW.b_end_site_id, search_text = NEW.search_text
    WHERE service_id = NEW.service_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER service_search_texts_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_services
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_service_search_texts_add();
--> statement-breakpoint
CREATE TRIGGER service_search_texts_update
  AFTER UPDATE OF service_id, description, customer_id, type_letter, status, a_end_site_id, b_end_site_id
  ON services FOR EACH ROW EXECUTE FUNCTION lightpath_service_search_texts_change();
--> statement-breakpoint
INSERT INTO service_search_texts
    (service_id, customer_id, type_letter, status, a_end_site_id, b_end_site_id, search_text)
  SELECT service_id, customer_id, type_letter, status, a_end_site_id, b_end_site_id, search_text FROM services;
