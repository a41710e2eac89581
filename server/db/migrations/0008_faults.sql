CREATE TABLE "heartbeat" (
	"id" integer PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Names become unique without regard to case. Rows that already differ only by case would make
-- CREATE UNIQUE INDEX fail with a bare "could not create unique index": name them instead, so the
-- operator knows which records to rename or merge before starting this version.
DO $$
DECLARE
	clashes text;
BEGIN
	SELECT string_agg(kind || ' ' || names, '; ') INTO clashes FROM (
		SELECT 'zones' AS kind, string_agg(quote_literal(zone_name), ', ' ORDER BY zone_name) AS names FROM zones GROUP BY lower(zone_name) HAVING count(*) > 1
		UNION ALL
		SELECT 'centers in one zone', string_agg(quote_literal(center_name), ', ' ORDER BY center_name) FROM centers GROUP BY zone_id, lower(center_name) HAVING count(*) > 1
		UNION ALL
		SELECT 'departments', string_agg(quote_literal(department_name), ', ' ORDER BY department_name) FROM departments GROUP BY lower(department_name) HAVING count(*) > 1
		UNION ALL
		SELECT 'affinity group names', string_agg(quote_literal(affinity_group_name), ', ' ORDER BY affinity_group_name) FROM affinity_groups GROUP BY lower(affinity_group_name) HAVING count(*) > 1
		UNION ALL
		SELECT 'affinity group codes', string_agg(quote_literal(affinity_group_code), ', ' ORDER BY affinity_group_code) FROM affinity_groups GROUP BY lower(affinity_group_code) HAVING count(*) > 1
	) AS clash;
	IF clashes IS NOT NULL THEN
		RAISE EXCEPTION 'Names must be unique without regard to case; rename or merge these records first: %', clashes;
	END IF;
END $$;
--> statement-breakpoint
DROP INDEX "affinity_groups_code_key";--> statement-breakpoint
DROP INDEX "centers_zone_name_key";--> statement-breakpoint
DROP INDEX "departments_name_key";--> statement-breakpoint
DROP INDEX "zones_name_key";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "affinity_groups_name_key" ON "affinity_groups" USING btree (lower("affinity_group_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "affinity_groups_code_key" ON "affinity_groups" USING btree (lower("affinity_group_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "centers_zone_name_key" ON "centers" USING btree ("zone_id",lower("center_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_key" ON "departments" USING btree (lower("department_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "zones_name_key" ON "zones" USING btree (lower("zone_name"));