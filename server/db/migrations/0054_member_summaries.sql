CREATE TABLE "member_summaries" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"summary" text NOT NULL
);
--> statement-breakpoint
-- Hand-written (docs/decisions/0250): each directory row's line of the member list as JSON text,
-- the member summary of server/engines/memberList.ts with the tags, household and photo version
-- the list adds, kept by statement triggers on everything it shows, so that a page whose answer
-- is not kept reads 26 texts instead of building them (two fifths of its statement's time).

-- The lines of the members ids names, made as the list made them: the same fields and names
-- (memberSummary, then tagsExtra, householdExtra, avatarExtra) but the role names, which the page
-- reads from member_role_names: a bulk conversion rewrites them in two statements, and remaking
-- 10,000 lines for each doubled its time.
CREATE FUNCTION member_summaries_of(ids uuid[]) RETURNS TABLE (user_id uuid, summary text) LANGUAGE sql STABLE AS $$
  SELECT md.user_id, row_to_json(o)::text
  FROM member_directory md
  LEFT JOIN zones z ON z.id = md.zone_id
  LEFT JOIN centers c ON c.id = md.center_id
  CROSS JOIN LATERAL (SELECT
    md.user_id AS "id",
    concat_ws(' ', md.first_name, nullif(md.middle_name, ''), md.sur_name) AS "fullName",
    md.first_name AS "firstName",
    md.sur_name AS "lastName",
    md.middle_name AS "middleName",
    md.email AS "email",
    md.phone AS "phoneNumber",
    md.location AS "location",
    md.gender AS "gender",
    md.marital_status AS "maritalStatus",
    md.employment_status AS "employmentStatus",
    md.state AS "state",
    md.date_of_birth AS "dateOfBirth",
    md.zone_id AS "zoneId",
    z.zone_name AS "zoneName",
    md.center_id AS "centerId",
    c.center_name AS "centerName",
    md.cih_role AS "cihRole",
    CASE WHEN md.disabled THEN 'disabled' ELSE 'active' END AS "status",
    coalesce(md.stage, CASE WHEN md.is_first_timer THEN 'first-timer' ELSE 'member' END) AS "stage",
    (SELECT coalesce('[' || string_agg(row_to_json(t)::text, ',' ORDER BY lower(t.name)) || ']', '[]')::json
      FROM (SELECT tg.id, tg.name, tg.colour FROM person_tags pt JOIN tags tg ON tg.id = pt.tag_id
        WHERE pt.user_id = md.user_id) t) AS "tags",
    (SELECT h.name FROM household_members hm JOIN households h ON h.id = hm.household_id
      WHERE hm.user_id = md.user_id) AS "household",
    (SELECT (extract(epoch FROM f.updated_at) * 1000)::bigint::text FROM files f
      WHERE f.user_id = md.user_id AND f.file_type = 'avatar') AS "avatar") o
  WHERE md.user_id = ANY(ids)
$$;
--> statement-breakpoint
-- Makes the lines of ids again. Their rows are locked first and the lines made in the next
-- statement, which in READ COMMITTED sees every write committed before the lock was granted: two
-- transactions changing different things a line shows (a tag, a household) cannot leave the
-- line of the one that committed first.
CREATE FUNCTION member_summaries_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM member_summaries s WHERE s.user_id = ANY(ids) ORDER BY s.user_id FOR UPDATE;
  INSERT INTO member_summaries AS s (user_id, summary)
  SELECT l.user_id, l.summary FROM member_summaries_of(ids) l
  ON CONFLICT (user_id) DO UPDATE SET summary = excluded.summary WHERE s.summary IS DISTINCT FROM excluded.summary;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_directory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_summaries_refresh(array(SELECT user_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_directory_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_summaries s USING changed c WHERE s.user_id = c.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_directory_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE member_summaries;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_summaries_directory_insert AFTER INSERT ON member_directory
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_directory();
--> statement-breakpoint
CREATE TRIGGER member_summaries_directory_update AFTER UPDATE ON member_directory
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_directory();
--> statement-breakpoint
CREATE TRIGGER member_summaries_directory_delete AFTER DELETE ON member_directory
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_directory_delete();
--> statement-breakpoint
CREATE TRIGGER member_summaries_directory_truncate AFTER TRUNCATE ON member_directory
  FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_directory_truncate();
--> statement-breakpoint
-- Tables keyed by the person (tags given, household membership, the photo): the lines of the
-- people of the rows written.
CREATE FUNCTION member_summaries_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_summaries_refresh(array(SELECT DISTINCT user_id FROM changed WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update may move a row from one person to another: both lines.
CREATE FUNCTION member_summaries_people_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_summaries_refresh(array(
    SELECT user_id FROM changed WHERE user_id IS NOT NULL
    UNION SELECT user_id FROM was WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Files: only a photo's (the avatar) rows; other files are not in the list.
CREATE FUNCTION member_summaries_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_summaries_refresh(array(SELECT DISTINCT user_id FROM changed WHERE file_type = 'avatar' AND user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_summaries_files_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_summaries_refresh(array(
    SELECT user_id FROM changed WHERE file_type = 'avatar' AND user_id IS NOT NULL
    UNION SELECT user_id FROM was WHERE file_type = 'avatar' AND user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Named things many lines show (a zone, a center, a tag, a household): the lines of their people.
CREATE FUNCTION member_summaries_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_summaries_refresh(array(
    SELECT md.user_id FROM member_directory md WHERE md.zone_id IN (SELECT id FROM changed) AND TG_TABLE_NAME = 'zones'
    UNION SELECT md.user_id FROM member_directory md WHERE md.center_id IN (SELECT id FROM changed) AND TG_TABLE_NAME = 'centers'
    UNION SELECT pt.user_id FROM person_tags pt WHERE pt.tag_id IN (SELECT id FROM changed) AND TG_TABLE_NAME = 'tags'
    UNION SELECT hm.user_id FROM household_members hm
      WHERE hm.household_id IN (SELECT id FROM changed) AND hm.user_id IS NOT NULL AND TG_TABLE_NAME = 'households'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_summaries_person_tags_insert AFTER INSERT ON person_tags
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_people();
--> statement-breakpoint
CREATE TRIGGER member_summaries_person_tags_update AFTER UPDATE ON person_tags
  REFERENCING OLD TABLE AS was NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_people_moved();
--> statement-breakpoint
CREATE TRIGGER member_summaries_person_tags_delete AFTER DELETE ON person_tags
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_people();
--> statement-breakpoint
CREATE TRIGGER member_summaries_household_members_insert AFTER INSERT ON household_members
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_people();
--> statement-breakpoint
CREATE TRIGGER member_summaries_household_members_update AFTER UPDATE ON household_members
  REFERENCING OLD TABLE AS was NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_people_moved();
--> statement-breakpoint
CREATE TRIGGER member_summaries_household_members_delete AFTER DELETE ON household_members
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_people();
--> statement-breakpoint
CREATE TRIGGER member_summaries_files_insert AFTER INSERT ON files
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_files();
--> statement-breakpoint
CREATE TRIGGER member_summaries_files_update AFTER UPDATE ON files
  REFERENCING OLD TABLE AS was NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_files_moved();
--> statement-breakpoint
CREATE TRIGGER member_summaries_files_delete AFTER DELETE ON files
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_files();
--> statement-breakpoint
CREATE TRIGGER member_summaries_zones AFTER UPDATE ON zones
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_named();
--> statement-breakpoint
CREATE TRIGGER member_summaries_zones_delete AFTER DELETE ON zones
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_named();
--> statement-breakpoint
CREATE TRIGGER member_summaries_centers AFTER UPDATE ON centers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_named();
--> statement-breakpoint
CREATE TRIGGER member_summaries_centers_delete AFTER DELETE ON centers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_named();
--> statement-breakpoint
CREATE TRIGGER member_summaries_tags AFTER UPDATE ON tags
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_named();
--> statement-breakpoint
CREATE TRIGGER member_summaries_households AFTER UPDATE ON households
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_summaries_named();
--> statement-breakpoint
-- The lines of the people already in Flock.
SELECT member_summaries_refresh(array(SELECT user_id FROM member_directory));
