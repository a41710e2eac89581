-- A search in the name order reads the rows it passes over from this index, search text and all,
-- not each from the table (docs/decisions/0254). Drizzle cannot write INCLUDE: the schema names the key only.
CREATE INDEX "member_directory_name_search_idx" ON "member_directory" USING btree ("sur_name","first_name","user_id")
  INCLUDE ("search_text") WHERE not "member_directory"."archived";--> statement-breakpoint
-- The member list's page statement names this function (a line not kept yet): unlabelled, it was
-- parallel unsafe and kept the whole statement, its total included, on one process; it only reads,
-- so the total may be counted by parallel workers, the function still run by the leader alone.
ALTER FUNCTION member_summaries_of(uuid[]) PARALLEL RESTRICTED;
