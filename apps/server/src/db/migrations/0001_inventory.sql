CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contacts" (
	"contact_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"contact_name" text NOT NULL,
	"email" text,
	"title" text,
	"office" text,
	"mobile" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_services" (
	"event_id" integer NOT NULL,
	"service_id" varchar(15) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" smallint NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"initiator" text NOT NULL,
	"approver" text NOT NULL,
	"priority" smallint DEFAULT 3 NOT NULL,
	"sla_type" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_notifications" (
	"notification_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_id" varchar(15) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_patching" (
	"service_id" varchar(15) PRIMARY KEY NOT NULL,
	"a_end_address" text,
	"a_end_panel" text,
	"a_end_connector" text,
	"a_end_sfp" text,
	"a_end_port" text,
	"a_end_wavelength" integer,
	"insertion_loss_a" real,
	"b_end_address" text,
	"b_end_panel" text,
	"b_end_connector" text,
	"b_end_sfp" text,
	"b_end_port" text,
	"b_end_wavelength" integer,
	"insertion_loss_b" real,
	"vlan" integer,
	"ip_address" text,
	"default_gateway" text,
	"fibre_length" real,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "services" (
	"service_id" varchar(15) PRIMARY KEY NOT NULL,
	"type_letter" char(1) NOT NULL,
	"description" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"speed" text,
	"customer_id" integer NOT NULL,
	"a_end_site_id" integer NOT NULL,
	"b_end_site_id" integer,
	"diversity" text,
	"path" text,
	"notes" text,
	"provision_date" date,
	"a_end_port_id" text,
	"b_end_port_id" text,
	"juniper_port_id" text,
	"deprovisioned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_third_party_circuits" (
	"id" serial PRIMARY KEY NOT NULL,
	"circuit_id" text NOT NULL,
	"service_id" varchar(15) NOT NULL,
	"provider_id" integer NOT NULL,
	"circuit_type_id" integer NOT NULL,
	"head_end_id" text NOT NULL,
	"redundant_head_end_id" text,
	"tail_end_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_contacts" (
	"site_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"contact_type" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"site_id" serial PRIMARY KEY NOT NULL,
	"site_number" varchar(5) NOT NULL,
	"site_name" text NOT NULL,
	"site_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"parent_site_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"building" text,
	"street" text,
	"suburb" text,
	"postcode" varchar(4),
	"access_hours" text,
	"access_notes" text,
	"site_notes" text,
	"access_type" smallint DEFAULT 0 NOT NULL,
	"vpls_name" text,
	"mac_limit" integer,
	"mac_flush" smallint,
	"allowed_vlans" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_services" ADD CONSTRAINT "event_services_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_services" ADD CONSTRAINT "event_services_service_id_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_notifications" ADD CONSTRAINT "service_notifications_service_id_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_patching" ADD CONSTRAINT "service_patching_service_id_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_a_end_site_id_sites_site_id_fk" FOREIGN KEY ("a_end_site_id") REFERENCES "public"."sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_b_end_site_id_sites_site_id_fk" FOREIGN KEY ("b_end_site_id") REFERENCES "public"."sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contacts" ADD CONSTRAINT "site_contacts_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contacts" ADD CONSTRAINT "site_contacts_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_parent_site_id_sites_site_id_fk" FOREIGN KEY ("parent_site_id") REFERENCES "public"."sites"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_customer_idx" ON "contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm" ON "contacts" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ((coalesce("contact_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("title", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "event_services_key" ON "event_services" USING btree ("event_id","service_id");--> statement-breakpoint
CREATE INDEX "event_services_service_idx" ON "event_services" USING btree ("service_id","event_id");--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "events_end_idx" ON "events" USING btree ("end_time");--> statement-breakpoint
CREATE INDEX "events_number_idx" ON "events" USING btree ("number");--> statement-breakpoint
CREATE INDEX "events_title_trgm" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "service_notifications_key" ON "service_notifications" USING btree ("service_id","user_id");--> statement-breakpoint
CREATE INDEX "service_notifications_user_idx" ON "service_notifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_patching_ip_trgm" ON "service_patching" USING gin ("ip_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_customer_idx" ON "services" USING btree ("customer_id","service_id");--> statement-breakpoint
CREATE INDEX "services_type_idx" ON "services" USING btree ("type_letter","service_id");--> statement-breakpoint
CREATE INDEX "services_a_site_idx" ON "services" USING btree ("a_end_site_id","status");--> statement-breakpoint
CREATE INDEX "services_b_site_idx" ON "services" USING btree ("b_end_site_id","status","a_end_site_id");--> statement-breakpoint
CREATE INDEX "services_speed_idx" ON "services" USING btree ("speed","service_id");--> statement-breakpoint
CREATE INDEX "services_provision_idx" ON "services" USING btree ("provision_date","service_id");--> statement-breakpoint
CREATE INDEX "services_status_idx" ON "services" USING btree ("status","provision_date","service_id");--> statement-breakpoint
CREATE INDEX "services_description_idx" ON "services" USING btree ("description","service_id");--> statement-breakpoint
CREATE INDEX "services_id_trgm" ON "services" USING gin ("service_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_description_trgm" ON "services" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_third_party_circuit_key" ON "simulated_third_party_circuits" USING btree ("provider_id","circuit_id");--> statement-breakpoint
CREATE INDEX "simulated_third_party_service_idx" ON "simulated_third_party_circuits" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "simulated_third_party_circuit_trgm" ON "simulated_third_party_circuits" USING gin ("circuit_id" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "site_contacts_key" ON "site_contacts" USING btree ("site_id","contact_id");--> statement-breakpoint
CREATE INDEX "site_contacts_contact_idx" ON "site_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_customer_number_key" ON "sites" USING btree ("customer_id","site_number");--> statement-breakpoint
CREATE INDEX "sites_name_idx" ON "sites" USING btree ("site_name","site_id");--> statement-breakpoint
CREATE INDEX "sites_number_idx" ON "sites" USING btree ("site_number","site_id");--> statement-breakpoint
CREATE INDEX "sites_type_idx" ON "sites" USING btree ("site_type","site_name");--> statement-breakpoint
CREATE INDEX "sites_name_trgm" ON "sites" USING gin ("site_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_number_trgm" ON "sites" USING gin ("site_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_vpls_trgm" ON "sites" USING gin ("vpls_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ((coalesce("firstname", '') || ' ' || coalesce("surname", '') || ' ' || coalesce("email", '') || ' ' || coalesce("title", '')) gin_trgm_ops);