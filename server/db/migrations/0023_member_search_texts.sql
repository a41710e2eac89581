CREATE TABLE "member_search_texts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"archived" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_search_texts" ADD CONSTRAINT "member_search_texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The directory's search text and archive flag, copied by statement triggers as the directory
-- changes: rows in, and rows whose text or flag an update changed (a conversion, a login, a role
-- change write nothing here). Rows leave with their user (the foreign key).
CREATE FUNCTION member_search_texts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_search_texts (user_id, search_text, archived)
  SELECT user_id, search_text, archived FROM added
  ON CONFLICT (user_id) DO UPDATE SET search_text = excluded.search_text, archived = excluded.archived;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_search_texts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- EXCEPT, not a join of the two transition tables: they have no index, and a bulk conversion's
  -- 10,000 rows joined as a nested loop took seconds.
  INSERT INTO member_search_texts (user_id, search_text, archived)
  SELECT user_id, search_text, archived FROM added
  EXCEPT SELECT user_id, search_text, archived FROM removed
  ON CONFLICT (user_id) DO UPDATE SET search_text = excluded.search_text, archived = excluded.archived;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_search_texts_insert AFTER INSERT ON member_directory
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_search_texts_added();
--> statement-breakpoint
CREATE TRIGGER member_search_texts_update AFTER UPDATE ON member_directory
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_search_texts_changed();
--> statement-breakpoint
INSERT INTO member_search_texts (user_id, search_text, archived) SELECT user_id, search_text, archived FROM member_directory;
--> statement-breakpoint
CREATE INDEX "member_search_texts_idx" ON "member_search_texts" USING gin ("search_text" gin_trgm_ops);
