-- The shared counters are worth no WAL: a crash forgets them, as a restart of one server did (0217).
ALTER TABLE "attempt_counts" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_limit_counts" SET UNLOGGED;
