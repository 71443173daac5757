CREATE TABLE "integration_status" (
	"system" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "integration_status_system_address_pk" PRIMARY KEY("system","address")
);
