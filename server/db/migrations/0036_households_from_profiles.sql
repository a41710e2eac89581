-- Hand-written (docs/decisions/0213-households.md): the spouse and children of today's profiles
-- become members of a household, the profile's owner its head. The spouse and child records stay
-- as they are, every field in place (the profile's Spouse and Children tabs, the wedding
-- anniversaries of the birthdays list); the household links them as members without an account.
-- A profile whose owner is already in a household, and a record already linked, are left alone,
-- so the function may run again (the api test runs it over the demo seed).
CREATE FUNCTION households_from_profiles() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  CREATE TEMP TABLE family_heads ON COMMIT DROP AS
    SELECT u.id AS user_id, gen_random_uuid() AS household_id,
      coalesce(nullif(b.sur_name, ''), u.sur_name) || ' family' AS name, nullif(b.address, '') AS address
    FROM users u LEFT JOIN biodata b ON b.user_id = u.id
    WHERE (EXISTS (SELECT FROM spouses s WHERE s.user_id = u.id) OR EXISTS (SELECT FROM children c WHERE c.user_id = u.id))
      AND NOT EXISTS (SELECT FROM household_members hm WHERE hm.user_id = u.id);
  INSERT INTO households (id, name, address) SELECT household_id, name, address FROM family_heads;
  GET DIAGNOSTICS made = ROW_COUNT;
  INSERT INTO household_members (household_id, user_id, role) SELECT household_id, user_id, 'head' FROM family_heads;
  INSERT INTO household_members (household_id, spouse_id, role)
    SELECT f.household_id, s.id, 'spouse' FROM family_heads f JOIN spouses s ON s.user_id = f.user_id
    WHERE NOT EXISTS (SELECT FROM household_members hm WHERE hm.spouse_id = s.id);
  INSERT INTO household_members (household_id, child_id, role)
    SELECT f.household_id, c.id, 'child' FROM family_heads f JOIN children c ON c.user_id = f.user_id
    WHERE NOT EXISTS (SELECT FROM household_members hm WHERE hm.child_id = c.id);
  DROP TABLE family_heads;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT households_from_profiles();
