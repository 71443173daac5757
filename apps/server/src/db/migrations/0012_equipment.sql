CREATE TABLE "equipment_alarms" (
	"event_id" text PRIMARY KEY NOT NULL,
	"shelf_id" integer NOT NULL,
	"trigger_id" text NOT NULL,
	"level" text NOT NULL,
	"description" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"port_id" text
);
--> statement-breakpoint
CREATE TABLE "equipment_cards" (
	"card_id" serial PRIMARY KEY NOT NULL,
	"shelf_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"equip_id" text NOT NULL,
	"card_type" text NOT NULL,
	"state" text DEFAULT 'inservice' NOT NULL,
	"serial" text
);
--> statement-breakpoint
CREATE TABLE "equipment_ports" (
	"port_id" text PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shelf_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'up' NOT NULL,
	"handoff" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelves" (
	"shelf_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ip_address" text,
	"site_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"model" text NOT NULL,
	"spack" text,
	"serial" text,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment_alarms" ADD CONSTRAINT "equipment_alarms_shelf_id_shelves_shelf_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("shelf_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_cards" ADD CONSTRAINT "equipment_cards_shelf_id_shelves_shelf_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("shelf_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_ports" ADD CONSTRAINT "equipment_ports_shelf_id_shelves_shelf_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("shelf_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_ports" ADD CONSTRAINT "equipment_ports_card_id_equipment_cards_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."equipment_cards"("card_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelves" ADD CONSTRAINT "shelves_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_alarms_shelf_idx" ON "equipment_alarms" USING btree ("shelf_id","level");--> statement-breakpoint
CREATE INDEX "equipment_alarms_level_idx" ON "equipment_alarms" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_cards_slot_key" ON "equipment_cards" USING btree ("shelf_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_cards_equip_id_key" ON "equipment_cards" USING btree ("equip_id");--> statement-breakpoint
CREATE INDEX "equipment_cards_type_idx" ON "equipment_cards" USING btree ("card_type","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_ports_uuid_key" ON "equipment_ports" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "equipment_ports_shelf_idx" ON "equipment_ports" USING btree ("shelf_id","name");--> statement-breakpoint
CREATE INDEX "equipment_ports_card_idx" ON "equipment_ports" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_name_key" ON "shelves" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "shelves_name_idx" ON "shelves" USING btree ("name","shelf_id");--> statement-breakpoint
CREATE INDEX "shelves_site_idx" ON "shelves" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "shelves_vendor_idx" ON "shelves" USING btree ("vendor","name");--> statement-breakpoint
CREATE INDEX "shelves_search_trgm" ON "shelves" USING gin (("name" || ' ' || coalesce("ip_address", '') || ' ' || "model") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_a_port_idx" ON "services" USING btree ("a_end_port_id");--> statement-breakpoint
CREATE INDEX "services_b_port_idx" ON "services" USING btree ("b_end_port_id");