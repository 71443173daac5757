CREATE TABLE "spare_part_movements" (
	"movement_id" serial PRIMARY KEY NOT NULL,
	"part_uuid" uuid NOT NULL,
	"action" text NOT NULL,
	"quantity" integer NOT NULL,
	"user_id" integer NOT NULL,
	"job_reference" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spare_parts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_number" text NOT NULL,
	"description" text NOT NULL,
	"serial" text,
	"depot_site_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_parts_quantity_check" CHECK ("spare_parts"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "spare_part_movements" ADD CONSTRAINT "spare_part_movements_part_uuid_spare_parts_uuid_fk" FOREIGN KEY ("part_uuid") REFERENCES "public"."spare_parts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part_movements" ADD CONSTRAINT "spare_part_movements_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_parts" ADD CONSTRAINT "spare_parts_depot_site_id_sites_site_id_fk" FOREIGN KEY ("depot_site_id") REFERENCES "public"."sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spare_part_movements_part_idx" ON "spare_part_movements" USING btree ("part_uuid","at" DESC NULLS LAST,"movement_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "spare_parts_serial_key" ON "spare_parts" USING btree ("part_number","serial") WHERE "spare_parts"."serial" is not null;--> statement-breakpoint
CREATE INDEX "spare_parts_part_number_idx" ON "spare_parts" USING btree ("part_number","uuid");--> statement-breakpoint
CREATE INDEX "spare_parts_depot_idx" ON "spare_parts" USING btree ("depot_site_id","part_number");--> statement-breakpoint
CREATE INDEX "spare_parts_updated_idx" ON "spare_parts" USING btree ("updated_at","uuid");--> statement-breakpoint
CREATE INDEX "spare_parts_search_trgm" ON "spare_parts" USING gin (("part_number" || ' ' || "description" || ' ' || coalesce("serial", '')) gin_trgm_ops);