-- Hand-written (docs/decisions 0210): the directory's stage kept from member_stages, the stages
-- of the people already in Flock derived from what Flock knows, and the care notes' permission
-- for the pastors of an existing database.

-- The directory keeps a person's newest stage only where the first-timer flag does not say it
-- (first-timer and member are null), so a conversion, which adds a member period, changes no
-- indexed column and stays a HOT update (docs/decisions 0072). Only this trigger writes the
-- column; member_directory_sync leaves it as it is.
CREATE FUNCTION member_directory_sync_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_directory d SET stage = s.stage
  FROM (
    SELECT c.user_id, (
      SELECT CASE WHEN ms.stage IN ('first-timer', 'member') THEN NULL ELSE ms.stage END
      FROM member_stages ms WHERE ms.user_id = c.user_id
      ORDER BY ms.started_on DESC, ms.created_at DESC LIMIT 1) AS stage
    FROM (SELECT DISTINCT user_id FROM changed) c
  ) s
  WHERE d.user_id = s.user_id AND d.stage IS DISTINCT FROM s.stage;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_directory_stages_insert AFTER INSERT ON member_stages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_stage();
--> statement-breakpoint
CREATE TRIGGER member_directory_stages_delete AFTER DELETE ON member_stages
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_stage();
--> statement-breakpoint
-- The stages of people who have none, each from the best date Flock has: a first-timer from
-- their account's creation; a converted person is a member from their conversion (or creation),
-- a worker from their first department join, a leader (head of a department, or holding a CIH
-- leader role) from the same day as the stage before it, Flock keeping no date of headship.
-- Periods of one person on one day are told apart by created_at, in the order of the stages.
-- Run here for the people already in Flock, and by the demo seed after it adds its people.
CREATE FUNCTION member_stages_derive() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE stageless ON COMMIT DROP AS
    SELECT u.id, u.is_first_timer, coalesce(u.converted_at, u.created_at)::date AS member_on, u.created_at::date AS created_on
    FROM users u WHERE NOT EXISTS (SELECT FROM member_stages ms WHERE ms.user_id = u.id);
  INSERT INTO member_stages (user_id, stage, started_on, created_at)
  SELECT s.id, CASE WHEN s.is_first_timer THEN 'first-timer' ELSE 'member' END,
    CASE WHEN s.is_first_timer THEN s.created_on ELSE s.member_on END, now()
  FROM stageless s;
  INSERT INTO member_stages (user_id, stage, started_on, created_at)
  SELECT s.id, 'worker', greatest(s.member_on, min(ud.joined_at)::date), now() + interval '1 millisecond'
  FROM stageless s JOIN user_departments ud ON ud.user_id = s.id
  WHERE NOT s.is_first_timer
  GROUP BY s.id, s.member_on;
  INSERT INTO member_stages (user_id, stage, started_on, created_at)
  SELECT s.id, 'leader', max(ms.started_on), now() + interval '2 milliseconds'
  FROM stageless s JOIN member_stages ms ON ms.user_id = s.id
  WHERE NOT s.is_first_timer
    AND (EXISTS (SELECT FROM departments d WHERE d.hod_id = s.id)
      OR EXISTS (SELECT FROM church_affiliations a WHERE a.user_id = s.id AND a.cih_role IN ('cihpastor', 'cihcoordinator')))
  GROUP BY s.id;
  DROP TABLE stageless;
END $$;
--> statement-breakpoint
SELECT member_stages_derive();
--> statement-breakpoint
-- Care notes' right for the pastors of a database seeded before it (a new one is seeded with it);
-- administrator is given the whole catalogue at each start.
INSERT INTO permissions (access_right, module_name) VALUES ('CAN_UPDATE', 'Pastoral Care') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id)
SELECT r.id, p.id FROM roles r, permissions p
WHERE r.name = 'cihpastor' AND p.access_right = 'CAN_UPDATE' AND p.module_name = 'Pastoral Care'
ON CONFLICT DO NOTHING;
