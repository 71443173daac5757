CREATE TABLE "faq_articles" (
	"faq_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "faq_articles_tags_idx" ON "faq_articles" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "faq_articles_search_trgm" ON "faq_articles" USING gin (("title" || ' ' || "body") gin_trgm_ops);