import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client.js';

/** The weeks the CIH charts and reports cover: a center that has met every week for half a year. */
export const WEEKS = 26;

/**
 * Gives every center of the demo church WEEKS weeks of meetings (the demo seeds 8), each member
 * marked, a visitor every third week, a submitted activity report every week and an inspection
 * every fourth, in a data dir no server has open. Set-based: one statement a table, however many
 * centers and members. The pages of the CIH pastor and coordinator then show what half a year of
 * a real center shows, not the demo's lighter history.
 */
export async function addWeeksOfMeetings(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into cih_meetings (center_id, meeting_date, children_count, offering, notes)
        select c.id, current_date - 7 * w, w % 5, 4000 + 250 * (w % 9), 'Week ' || w
        from centers c cross join generate_series(1, ${WEEKS}) w
        on conflict (center_id, meeting_date) do nothing`);
      // Only the meetings just added have no marks: the demo's keep theirs.
      await tx.execute(sql`
        insert into cih_attendance_marks (meeting_id, user_id, present)
        select m.id, a.user_id, (abs(hashtext(m.id::text || a.user_id::text)) % 10) < 7
        from cih_meetings m
        join church_affiliations a on a.center_id = m.center_id
        join users u on u.id = a.user_id and not u.is_first_timer
        where not exists (select 1 from cih_attendance_marks k where k.meeting_id = m.id)`);
      await tx.execute(sql`
        insert into cih_visitors (meeting_id, name, phone, first_timer)
        select m.id, 'Visitor of ' || to_char(m.meeting_date, 'YYYY-MM-DD'), '0805' || lpad((row_number() over ())::text, 7, '0'),
          extract(day from m.meeting_date)::int % 2 = 0
        from cih_meetings m
        where extract(week from m.meeting_date)::int % 3 = 0
          and not exists (select 1 from cih_visitors v where v.meeting_id = m.id)`);
      // The meetings' counts are a pre-aggregate of their marks and visitors (schema/cihReports.ts).
      await tx.execute(sql`
        update cih_meetings m set
          present_count = (select count(*) from cih_attendance_marks k where k.meeting_id = m.id and k.present),
          members_count = (select count(*) from cih_attendance_marks k where k.meeting_id = m.id),
          visitor_count = (select count(*) from cih_visitors v where v.meeting_id = m.id),
          first_timer_count = (select count(*) from cih_visitors v where v.meeting_id = m.id and v.first_timer)`);
      await tx.execute(sql`
        insert into cih_activity_reports (center_id, report_date, topic, testimonies, prayer_requests, challenges, souls_won, status, submitted_at)
        select c.id, current_date - 7 * w, 'Teaching of week ' || w || ': walking in love and serving one another',
          'A member found work after weeks of prayer; a family was reconciled.',
          'Healing for the sick among us, jobs for those looking.',
          'Some members travel on weekends.', w % 3, 'submitted', now() - make_interval(days => 7 * w)
        from centers c cross join generate_series(1, ${WEEKS}) w
        where not exists (select 1 from cih_activity_reports r where r.center_id = c.id and r.report_date = current_date - 7 * w)`);
      await tx.execute(sql`
        insert into cih_inspection_reports (center_id, visit_date, punctuality, venue_condition, leadership, materials, remarks, recommendations)
        select c.id, current_date - 7 * w - 1, 1 + w % 5, 1 + (w + 1) % 5, 1 + (w + 2) % 5, 1 + (w + 3) % 5,
          'Started on time; the host was welcoming.', 'More hymn books.'
        from centers c cross join generate_series(4, ${WEEKS}, 4) w
        where not exists (select 1 from cih_inspection_reports i where i.center_id = c.id and i.visit_date = current_date - 7 * w - 1)`);
    });
  } finally {
    await database.close();
  }
}
