CREATE TABLE "equipment_parts" (
	"shelf_id" integer NOT NULL,
	"name" text NOT NULL,
	"part_number" text NOT NULL,
	"serial" text,
	CONSTRAINT "equipment_parts_shelf_id_name_pk" PRIMARY KEY("shelf_id","name")
);
--> statement-breakpoint
ALTER TABLE "equipment_parts" ADD CONSTRAINT "equipment_parts_shelf_id_shelves_shelf_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("shelf_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A shelf's parts are in its reply (GET equipment/{id}): their writes bump a version like the cards'
-- (docs/decisions/028, migration 0013).
INSERT INTO data_versions (name, version) VALUES ('equipment_parts', 0);
--> statement-breakpoint
CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON equipment_parts
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change();
