-- The CIH statistics' pre-aggregate per center and week (docs/decisions/0225): each trigger
-- names the (center, week) pairs its statement touched and recomputes them from the meetings'
-- counts and the visitors sent to the first-timer list, so a row is always the sum of what it
-- covers, whatever the write (a save, a deletion, a visitor made a first-timer, a conversion).
CREATE FUNCTION cih_week_stats_refresh(center_ids uuid[], weeks date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c uuid;
BEGIN
  -- One writer per center at a time, in a fixed order: a concurrent save of another meeting of the
  -- same week recomputes after this one commits, and reads its rows.
  FOR c IN SELECT DISTINCT x FROM unnest(center_ids) x ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock(hashtext('cih_week_stats'), hashtext(c::text));
  END LOOP;
  DELETE FROM cih_week_stats s USING unnest(center_ids, weeks) k(center_id, week)
    WHERE s.center_id = k.center_id AND s.week = k.week;
  INSERT INTO cih_week_stats (center_id, week, meetings, present, members, visitors, first_timers,
      sent_to_first_timers, first_timers_converted, last_meeting)
    SELECT m.center_id, k.week, count(*), sum(m.present_count), sum(m.members_count), sum(m.visitor_count),
      sum(m.first_timer_count), coalesce(sum(f.sent), 0), coalesce(sum(f.converted), 0), max(m.meeting_date)
    FROM (SELECT DISTINCT center_id, week FROM unnest(center_ids, weeks) u(center_id, week)) k
    JOIN cih_meetings m ON m.center_id = k.center_id AND m.meeting_date >= k.week AND m.meeting_date < k.week + 7
    LEFT JOIN LATERAL (
      SELECT count(*) AS sent, count(*) FILTER (WHERE NOT u.is_first_timer AND u.converted_at IS NOT NULL) AS converted
      FROM cih_visitors v JOIN users u ON u.id = v.first_timer_id WHERE v.meeting_id = m.id
    ) f ON true
    GROUP BY m.center_id, k.week;
END $$;
--> statement-breakpoint
CREATE FUNCTION cih_week_stats_meetings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c uuid[];
  w date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(center_id), array_agg(date_trunc('week', meeting_date)::date) INTO c, w FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(center_id), array_agg(date_trunc('week', meeting_date)::date) INTO c, w FROM removed;
  ELSE
    SELECT array_agg(center_id), array_agg(date_trunc('week', meeting_date)::date) INTO c, w
      FROM (SELECT center_id, meeting_date FROM added UNION SELECT center_id, meeting_date FROM removed) x;
  END IF;
  IF c IS NOT NULL THEN PERFORM cih_week_stats_refresh(c, w); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cih_week_stats_meetings_insert AFTER INSERT ON cih_meetings
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION cih_week_stats_meetings();
--> statement-breakpoint
CREATE TRIGGER cih_week_stats_meetings_update AFTER UPDATE ON cih_meetings
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION cih_week_stats_meetings();
--> statement-breakpoint
CREATE TRIGGER cih_week_stats_meetings_delete AFTER DELETE ON cih_meetings
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION cih_week_stats_meetings();
--> statement-breakpoint
-- Visitors count through their meeting's week (a visitor of a meeting deleted with it counts nowhere).
CREATE FUNCTION cih_week_stats_visitors() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c uuid[];
  w date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(m.center_id), array_agg(date_trunc('week', m.meeting_date)::date) INTO c, w
      FROM cih_meetings m WHERE m.id IN (SELECT meeting_id FROM added);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(m.center_id), array_agg(date_trunc('week', m.meeting_date)::date) INTO c, w
      FROM cih_meetings m WHERE m.id IN (SELECT meeting_id FROM removed);
  ELSE
    SELECT array_agg(m.center_id), array_agg(date_trunc('week', m.meeting_date)::date) INTO c, w
      FROM cih_meetings m WHERE m.id IN (SELECT meeting_id FROM added UNION SELECT meeting_id FROM removed);
  END IF;
  IF c IS NOT NULL THEN PERFORM cih_week_stats_refresh(c, w); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cih_week_stats_visitors_insert AFTER INSERT ON cih_visitors
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION cih_week_stats_visitors();
--> statement-breakpoint
CREATE TRIGGER cih_week_stats_visitors_update AFTER UPDATE ON cih_visitors
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION cih_week_stats_visitors();
--> statement-breakpoint
CREATE TRIGGER cih_week_stats_visitors_delete AFTER DELETE ON cih_visitors
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION cih_week_stats_visitors();
--> statement-breakpoint
-- A first-timer converted (or back): the weeks of the visits they were sent from. The users'
-- update already keeps its transition tables for the member directory; a statement that converts
-- nobody sent from a visit finds no row through the partial index.
CREATE FUNCTION cih_week_stats_conversion() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c uuid[];
  w date[];
BEGIN
  SELECT array_agg(m.center_id), array_agg(date_trunc('week', m.meeting_date)::date) INTO c, w
    FROM cih_visitors v JOIN cih_meetings m ON m.id = v.meeting_id
    WHERE v.first_timer_id IN (
      SELECT n.id FROM changed n JOIN previous o ON o.id = n.id
      WHERE (n.is_first_timer, n.converted_at) IS DISTINCT FROM (o.is_first_timer, o.converted_at)
    );
  IF c IS NOT NULL THEN PERFORM cih_week_stats_refresh(c, w); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cih_week_stats_conversion AFTER UPDATE ON users
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION cih_week_stats_conversion();
--> statement-breakpoint
-- The weeks already held.
SELECT cih_week_stats_refresh(array_agg(center_id), array_agg(week))
  FROM (SELECT DISTINCT center_id, date_trunc('week', meeting_date)::date AS week FROM cih_meetings) k;
