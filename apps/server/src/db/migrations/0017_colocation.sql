CREATE TABLE "cross_connects" (
	"cross_connect_id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"a_end_rack_space" uuid NOT NULL,
	"a_end_panel" text,
	"a_end_port" text,
	"b_end_rack_space" uuid NOT NULL,
	"b_end_panel" text,
	"b_end_port" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cross_connects_two_ends" CHECK ("cross_connects"."a_end_rack_space" <> "cross_connects"."b_end_rack_space")
);
--> statement-breakpoint
CREATE TABLE "rack_spaces" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rack_id" text NOT NULL,
	"description" text,
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cross_connects" ADD CONSTRAINT "cross_connects_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_connects" ADD CONSTRAINT "cross_connects_a_end_rack_space_rack_spaces_uuid_fk" FOREIGN KEY ("a_end_rack_space") REFERENCES "public"."rack_spaces"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_connects" ADD CONSTRAINT "cross_connects_b_end_rack_space_rack_spaces_uuid_fk" FOREIGN KEY ("b_end_rack_space") REFERENCES "public"."rack_spaces"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rack_spaces" ADD CONSTRAINT "rack_spaces_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rack_spaces" ADD CONSTRAINT "rack_spaces_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cross_connects_uuid_key" ON "cross_connects" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "cross_connects_customer_idx" ON "cross_connects" USING btree ("customer_id","cross_connect_id");--> statement-breakpoint
CREATE INDEX "cross_connects_a_end_idx" ON "cross_connects" USING btree ("a_end_rack_space");--> statement-breakpoint
CREATE INDEX "cross_connects_b_end_idx" ON "cross_connects" USING btree ("b_end_rack_space");--> statement-breakpoint
CREATE INDEX "cross_connects_created_idx" ON "cross_connects" USING btree ("created_at","cross_connect_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rack_spaces_rack_id_key" ON "rack_spaces" USING btree ("rack_id");--> statement-breakpoint
CREATE INDEX "rack_spaces_customer_idx" ON "rack_spaces" USING btree ("customer_id","rack_id");--> statement-breakpoint
CREATE INDEX "rack_spaces_site_idx" ON "rack_spaces" USING btree ("site_id","rack_id");--> statement-breakpoint
-- Repeat reads (docs/decisions/028): both tables bump their version at commit.
INSERT INTO data_versions (name, version) VALUES ('rack_spaces', 0), ('cross_connects', 0);
--> statement-breakpoint
CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rack_spaces
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change();
--> statement-breakpoint
CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cross_connects
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change();
