CREATE TABLE "site_access_requests" (
	"request_id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer,
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"requested_by" integer,
	"access_type" smallint NOT NULL,
	"technician" text NOT NULL,
	"access_time" timestamp with time zone NOT NULL,
	"reason" text,
	"ticket_number" integer,
	"emergency" boolean DEFAULT false NOT NULL,
	"service_affecting" boolean DEFAULT false NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_checkins" (
	"checkin_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"checkin_time" timestamp with time zone NOT NULL,
	"checkout_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"attachment_id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"ticket_id" integer,
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "kind" text DEFAULT 'support' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "assignee_user_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "site_access_requests" ADD CONSTRAINT "site_access_requests_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_access_requests" ADD CONSTRAINT "site_access_requests_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_checkins" ADD CONSTRAINT "site_checkins_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_checkins" ADD CONSTRAINT "site_checkins_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_access_requests_site_idx" ON "site_access_requests" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_access_requests_request_key" ON "site_access_requests" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "site_checkins_open_key" ON "site_checkins" USING btree ("user_id","site_id") WHERE "site_checkins"."checkout_time" is null;--> statement-breakpoint
CREATE INDEX "site_checkins_time_idx" ON "site_checkins" USING btree ("checkin_time");--> statement-breakpoint
CREATE INDEX "site_checkins_site_idx" ON "site_checkins" USING btree ("site_id","checkin_time");--> statement-breakpoint
CREATE INDEX "site_checkins_user_idx" ON "site_checkins" USING btree ("user_id","checkin_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_attachments_token_key" ON "ticket_attachments" USING btree ("token");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_user_id_users_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("assignee_user_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_site_idx" ON "tickets" USING btree ("site_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_request_key" ON "tickets" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","updated_at");--> statement-breakpoint
-- Ticket numbers 1 to 9999 belong to event notices (the NOC's ticket field, spec 5); tickets the portal raises start at 10,000 on every database, seeded or not.
SELECT setval('tickets_ticket_id_seq', greatest((SELECT max(ticket_id) FROM tickets), 9999));
