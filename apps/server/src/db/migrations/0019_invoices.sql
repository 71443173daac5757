CREATE TABLE "invoices" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gst_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"status" text NOT NULL,
	"pdf_storage_key" text,
	"pdf_size_bytes" integer,
	"lines" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_period_order" CHECK ("invoices"."period_end" >= "invoices"."period_start"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."amount_cents" >= 0 and "invoices"."gst_cents" between 0 and "invoices"."amount_cents"),
	CONSTRAINT "invoices_document" CHECK ("invoices"."pdf_storage_key" is not null or "invoices"."lines" is not null)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","uuid");--> statement-breakpoint
CREATE INDEX "invoices_period_idx" ON "invoices" USING btree ("period_start","uuid");--> statement-breakpoint
-- Repeat reads (docs/decisions/028): the table bumps its version at commit.
INSERT INTO data_versions (name, version) VALUES ('invoices', 0);
--> statement-breakpoint
CREATE TRIGGER data_version_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION lightpath_note_data_change();
