-- pg_trgm: substring search served by a GIN index (PGlite loads it in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "member_directory" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"sur_name" text NOT NULL,
	"middle_name" text,
	"phone" text,
	"gender" text,
	"marital_status" text,
	"employment_status" text,
	"state" text,
	"date_of_birth" date,
	"zone_id" uuid,
	"center_id" uuid,
	"cih_role" text,
	"affinity_groups" text[] DEFAULT '{}' NOT NULL,
	"is_first_timer" boolean NOT NULL,
	"archived" boolean NOT NULL,
	"disabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"converted_at" timestamp with time zone,
	"state_key" text,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_directory_counts" (
	"is_first_timer" boolean NOT NULL,
	"archived" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "member_directory_counts_is_first_timer_archived_pk" PRIMARY KEY("is_first_timer","archived")
);
--> statement-breakpoint
ALTER TABLE "member_directory" ADD CONSTRAINT "member_directory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_directory_sur_name_idx" ON "member_directory" USING btree ("sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_sur_name_desc_idx" ON "member_directory" USING btree ("sur_name" DESC NULLS FIRST,"first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_first_name_idx" ON "member_directory" USING btree ("first_name","sur_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_first_name_desc_idx" ON "member_directory" USING btree ("first_name" DESC NULLS FIRST,"sur_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_dob_idx" ON "member_directory" USING btree ("date_of_birth","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_dob_desc_idx" ON "member_directory" USING btree ("date_of_birth" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_gender_idx" ON "member_directory" USING btree ("gender","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_gender_desc_idx" ON "member_directory" USING btree ("gender" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_marital_idx" ON "member_directory" USING btree ("marital_status","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_marital_desc_idx" ON "member_directory" USING btree ("marital_status" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_employment_idx" ON "member_directory" USING btree ("employment_status","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_employment_desc_idx" ON "member_directory" USING btree ("employment_status" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_state_idx" ON "member_directory" USING btree ("state","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_state_desc_idx" ON "member_directory" USING btree ("state" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_email_idx" ON "member_directory" USING btree ("email","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_email_desc_idx" ON "member_directory" USING btree ("email" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_created_idx" ON "member_directory" USING btree ("created_at","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_created_desc_idx" ON "member_directory" USING btree ("created_at" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_converted_idx" ON "member_directory" USING btree ("converted_at","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_converted_desc_idx" ON "member_directory" USING btree ("converted_at" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_disabled_idx" ON "member_directory" USING btree ("disabled","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_disabled_desc_idx" ON "member_directory" USING btree ("disabled" DESC NULLS FIRST,"sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_state_key_idx" ON "member_directory" USING btree ("state_key","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_zone_idx" ON "member_directory" USING btree ("zone_id","gender","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_center_idx" ON "member_directory" USING btree ("center_id","sur_name","first_name","user_id","is_first_timer") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_affinity_idx" ON "member_directory" USING gin ("affinity_groups") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_first_timers_idx" ON "member_directory" USING btree ("sur_name","first_name","user_id") WHERE "member_directory"."is_first_timer" and not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_archived_idx" ON "member_directory" USING btree ("sur_name","first_name","user_id") WHERE "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_search_idx" ON "member_directory" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Text folded for search: lower case, accents and tone marks removed (NFD, then the combining
-- marks dropped). server/http/memberList.ts folds the search term the same way.
CREATE FUNCTION flock_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT lower(regexp_replace(normalize(t, NFD), '[\u0300-\u036f]', '', 'g')) $$;
--> statement-breakpoint
-- The directory rows of the given users, computed from users, biodata and church_affiliations
-- (the profile wins over the names given at sign-up), inserted or replaced.
CREATE FUNCTION member_directory_sync(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_directory AS d (user_id, email, first_name, sur_name, middle_name, phone, gender,
    marital_status, employment_status, state, date_of_birth, zone_id, center_id, cih_role, affinity_groups,
    is_first_timer, archived, disabled, created_at, converted_at, state_key, search_text)
  SELECT s.id, s.email, s.first_name, s.sur_name, s.middle_name, s.phone, s.gender, s.marital_status,
    s.employment_status, s.state, s.date_of_birth, s.zone_id, s.center_id, s.cih_role, s.affinity_groups,
    s.is_first_timer, s.archived, s.disabled, s.created_at, s.converted_at,
    lower(s.state),
    -- One line per field, so a term matches within a field, as it did over the fields themselves.
    flock_fold(concat_ws(E'\n', s.first_name, s.middle_name, s.sur_name, s.email, s.phone, s.mobile2))
  FROM (
    SELECT u.id, u.email, coalesce(b.first_name, u.first_name) AS first_name, coalesce(b.sur_name, u.sur_name) AS sur_name,
      coalesce(nullif(b.middle_name, ''), u.middle_name) AS middle_name, coalesce(nullif(b.mobile1, ''), u.mobile1) AS phone,
      coalesce(b.gender, u.gender) AS gender, b.marital_status, b.employment_status, b.state, b.date_of_birth,
      a.zone_id, a.center_id, a.cih_role,
      coalesce(array(SELECT lower(g) FROM unnest(a.affinity_group) g), '{}') AS affinity_groups,
      u.is_first_timer, coalesce(b.demise, false) AS archived, u.disabled, u.created_at, u.converted_at,
      nullif(b.mobile2, '') AS mobile2
    FROM users u
    LEFT JOIN biodata b ON b.user_id = u.id
    LEFT JOIN church_affiliations a ON a.user_id = u.id
    WHERE u.id = ANY(ids)
  ) s
  ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, first_name = excluded.first_name,
    sur_name = excluded.sur_name, middle_name = excluded.middle_name, phone = excluded.phone, gender = excluded.gender,
    marital_status = excluded.marital_status, employment_status = excluded.employment_status, state = excluded.state,
    date_of_birth = excluded.date_of_birth, zone_id = excluded.zone_id, center_id = excluded.center_id,
    cih_role = excluded.cih_role, affinity_groups = excluded.affinity_groups, is_first_timer = excluded.is_first_timer,
    archived = excluded.archived, disabled = excluded.disabled, created_at = excluded.created_at,
    converted_at = excluded.converted_at, state_key = excluded.state_key, search_text = excluded.search_text
  -- An update that changes nothing listed (a login, a password) writes nothing.
  WHERE ROW(d.*) IS DISTINCT FROM ROW(excluded.*)
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: one set-based sync per statement, so a bulk insert
-- or a bulk conversion costs one upsert, not one per row.
CREATE FUNCTION member_directory_sync_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_directory_sync(array(SELECT id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_directory_sync_owned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_directory_sync(array(SELECT DISTINCT user_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_directory_users_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_users();
--> statement-breakpoint
CREATE TRIGGER member_directory_users_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_users();
--> statement-breakpoint
CREATE TRIGGER member_directory_biodata_insert AFTER INSERT ON biodata
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_owned();
--> statement-breakpoint
CREATE TRIGGER member_directory_biodata_update AFTER UPDATE ON biodata
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_owned();
--> statement-breakpoint
CREATE TRIGGER member_directory_biodata_delete AFTER DELETE ON biodata
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_owned();
--> statement-breakpoint
CREATE TRIGGER member_directory_affiliations_insert AFTER INSERT ON church_affiliations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_owned();
--> statement-breakpoint
CREATE TRIGGER member_directory_affiliations_update AFTER UPDATE ON church_affiliations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_owned();
--> statement-breakpoint
CREATE TRIGGER member_directory_affiliations_delete AFTER DELETE ON church_affiliations
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_owned();
--> statement-breakpoint
-- The counts of each pair of list flags: rows in, rows out, and the net change of an update
-- (an update that moves no row between pairs writes nothing, so writers rarely meet on a row).
INSERT INTO member_directory_counts (is_first_timer, archived, n) VALUES (false, false, 0), (false, true, 0), (true, false, 0), (true, true, 0);
--> statement-breakpoint
CREATE FUNCTION member_directory_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_directory_counts c SET n = c.n + d.n
  FROM (SELECT is_first_timer, archived, count(*) AS n FROM added GROUP BY 1, 2) d
  WHERE c.is_first_timer = d.is_first_timer AND c.archived = d.archived;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_directory_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_directory_counts c SET n = c.n - d.n
  FROM (SELECT is_first_timer, archived, count(*) AS n FROM removed GROUP BY 1, 2) d
  WHERE c.is_first_timer = d.is_first_timer AND c.archived = d.archived;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_directory_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_directory_counts c SET n = c.n + d.n
  FROM (
    SELECT is_first_timer, archived, sum(n) AS n FROM (
      SELECT is_first_timer, archived, 1 AS n FROM added
      UNION ALL SELECT is_first_timer, archived, -1 FROM removed
    ) x GROUP BY 1, 2 HAVING sum(n) <> 0
  ) d
  WHERE c.is_first_timer = d.is_first_timer AND c.archived = d.archived;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_directory_counts_insert AFTER INSERT ON member_directory
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_directory_counts_insert();
--> statement-breakpoint
CREATE TRIGGER member_directory_counts_delete AFTER DELETE ON member_directory
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_counts_delete();
--> statement-breakpoint
CREATE TRIGGER member_directory_counts_update AFTER UPDATE ON member_directory
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_directory_counts_update();
--> statement-breakpoint
SELECT member_directory_sync(array(SELECT id FROM users));
