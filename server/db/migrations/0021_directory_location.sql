ALTER TABLE "member_directory" ADD COLUMN "location" text;--> statement-breakpoint
-- The member summary's location ("state, country" from the biodata) kept on the directory row, so
-- a page no longer looks up each row's biodata (26 index lookups a page).
CREATE OR REPLACE FUNCTION member_directory_sync(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_directory AS d (user_id, email, first_name, sur_name, middle_name, phone, gender,
    marital_status, employment_status, state, location, date_of_birth, zone_id, center_id, cih_role, affinity_groups,
    is_first_timer, archived, disabled, created_at, converted_at, state_key, search_text)
  SELECT s.id, s.email, s.first_name, s.sur_name, s.middle_name, s.phone, s.gender, s.marital_status,
    s.employment_status, s.state, s.location, s.date_of_birth, s.zone_id, s.center_id, s.cih_role, s.affinity_groups,
    s.is_first_timer, s.archived, s.disabled, s.created_at, s.converted_at,
    lower(s.state),
    -- One line per field, so a term matches within a field, as it did over the fields themselves.
    flock_fold(concat_ws(E'\n', s.first_name, s.middle_name, s.sur_name, s.email, s.phone, s.mobile2))
  FROM (
    SELECT u.id, u.email, coalesce(b.first_name, u.first_name) AS first_name, coalesce(b.sur_name, u.sur_name) AS sur_name,
      coalesce(nullif(b.middle_name, ''), u.middle_name) AS middle_name, coalesce(nullif(b.mobile1, ''), u.mobile1) AS phone,
      coalesce(b.gender, u.gender) AS gender, b.marital_status, b.employment_status, b.state,
      nullif(concat_ws(', ', nullif(b.state, ''), nullif(b.country, '')), '') AS location, b.date_of_birth,
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
    marital_status = excluded.marital_status, employment_status = excluded.employment_status, state = excluded.state, location = excluded.location,
    date_of_birth = excluded.date_of_birth, zone_id = excluded.zone_id, center_id = excluded.center_id,
    cih_role = excluded.cih_role, affinity_groups = excluded.affinity_groups, is_first_timer = excluded.is_first_timer,
    archived = excluded.archived, disabled = excluded.disabled, created_at = excluded.created_at,
    converted_at = excluded.converted_at, state_key = excluded.state_key, search_text = excluded.search_text
  -- An update that changes nothing listed (a login, a password) writes nothing.
  WHERE ROW(d.*) IS DISTINCT FROM ROW(excluded.*)
$$;
--> statement-breakpoint
UPDATE member_directory d SET location = nullif(concat_ws(', ', nullif(b.state, ''), nullif(b.country, '')), '')
FROM biodata b WHERE b.user_id = d.user_id AND nullif(concat_ws(', ', nullif(b.state, ''), nullif(b.country, '')), '') IS NOT NULL;
