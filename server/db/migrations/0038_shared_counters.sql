CREATE TABLE "attempt_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"times" bigint[] NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"period" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_start" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counts_expires_idx" ON "attempt_counts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counts_expires_idx" ON "rate_limit_counts" USING btree ("expires_at");