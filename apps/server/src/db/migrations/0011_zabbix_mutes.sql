CREATE TABLE "zabbix_mutes" (
	"mute_id" serial PRIMARY KEY NOT NULL,
	"trigger_id" text NOT NULL,
	"host" text NOT NULL,
	"host_name" text NOT NULL,
	"description" text NOT NULL,
	"priority" smallint NOT NULL,
	"muted_by" integer,
	"muted_by_name" text NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" integer
);
--> statement-breakpoint
ALTER TABLE "zabbix_mutes" ADD CONSTRAINT "zabbix_mutes_muted_by_users_user_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zabbix_mutes" ADD CONSTRAINT "zabbix_mutes_ended_by_users_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zabbix_mutes_running_key" ON "zabbix_mutes" USING btree ("trigger_id") WHERE "zabbix_mutes"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "zabbix_mutes_due_idx" ON "zabbix_mutes" USING btree ("until") WHERE "zabbix_mutes"."ended_at" is null;