CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "login_attempts_email_idx";--> statement-breakpoint
DROP INDEX "login_attempts_ip_idx";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "login_attempts_account_failures_idx" ON "login_attempts" USING btree ("email","at") WHERE "login_attempts"."device_id" is null and not "login_attempts"."succeeded";--> statement-breakpoint
CREATE INDEX "login_attempts_address_failures_idx" ON "login_attempts" USING btree ("ip","at") WHERE "login_attempts"."device_id" is null and not "login_attempts"."succeeded";--> statement-breakpoint
CREATE INDEX "login_attempts_device_failures_idx" ON "login_attempts" USING btree ("device_id","at") WHERE "login_attempts"."device_id" is not null and not "login_attempts"."succeeded";