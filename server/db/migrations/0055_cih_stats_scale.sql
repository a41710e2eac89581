CREATE INDEX "member_directory_center_members_idx" ON "member_directory" USING btree ("center_id") WHERE not "member_directory"."archived" and not "member_directory"."disabled";--> statement-breakpoint
-- The weeks' index carries the sums the statistics read, so a church's weeks in range are an
-- index-only scan (docs/decisions/0251). Drizzle cannot write INCLUDE: the schema names the key only.
DROP INDEX "cih_week_stats_week_idx";--> statement-breakpoint
CREATE INDEX "cih_week_stats_week_idx" ON "cih_week_stats" USING btree ("week","center_id")
  INCLUDE ("meetings","present","members","visitors","first_timers","sent_to_first_timers","first_timers_converted","last_meeting");
