-- The listing choice reaches the directory once per statement, from the statement's transition
-- table, as every other directory trigger does (migrations 0019, 0023, 0028), not once per consent
-- row. The choice in force is the newest listing row (created_at, then id, as the consents' reads
-- and the merge order them); a statement writes at most one per person today, and any number
-- gives one update per person.
DROP TRIGGER consents_listing_to_directory ON consents;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_directory_listing_consent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_directory d SET hidden_from_leaders = NOT c.granted
  FROM (
    SELECT DISTINCT ON (user_id) user_id, granted FROM added
    WHERE category = 'listing'
    ORDER BY user_id, created_at DESC, id DESC
  ) c
  WHERE d.user_id = c.user_id AND d.hidden_from_leaders IS DISTINCT FROM NOT c.granted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consents_listing_to_directory AFTER INSERT ON consents
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_directory_listing_consent();
