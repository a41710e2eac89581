-- A statement that inserts whole people at once (the member import: users, biodata and
-- affiliations as data-modifying CTEs of one INSERT) sets flock.directory_whole_people for that
-- statement alone (set_config, transaction-local, cleared by the writer right after). The users
-- insert trigger fires when the whole statement is done and already writes each person's complete
-- directory row; the biodata and affiliation triggers would recompute the same 20,000 rows and
-- find nothing to change, so they skip while the setting is on. Every other write still syncs.
CREATE OR REPLACE FUNCTION member_directory_sync_owned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('flock.directory_whole_people', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM member_directory_sync(array(SELECT DISTINCT user_id FROM changed));
  RETURN NULL;
END $$;
