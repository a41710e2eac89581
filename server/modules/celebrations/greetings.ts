import { and, sql } from 'drizzle-orm';
import { isLeapYear, monthDayOf } from '@/domain/celebrations/dates.js';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode, type Localized } from '@/domain/common/languages.js';
import { localDay } from '@/domain/common/localTime.js';
import type { Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { memberDirectory as md, spouses } from '@/server/db/schema/index.js';
import { mayEmail } from '@/server/modules/profile/consent.js';
import { activeMember, consented } from './list.js';
import { celebrationSettings } from './settings.js';

const HOUR_MS = 3_600_000;

/** A greeting's words in each language (docs/decisions/0231-mail-frame-and-server-language.md); the name goes between title and `celebrates`. */
const GREETINGS: Localized<Record<'both' | 'birthday' | 'anniversary' | 'celebrates', string>> = {
  en: {
    both: 'Happy birthday and wedding anniversary!',
    birthday: 'Happy birthday!',
    anniversary: 'Happy wedding anniversary!',
    celebrates: ', the church celebrates with you today. God bless you.',
  },
  fr: {
    both: 'Joyeux anniversaire et joyeux anniversaire de mariage !',
    birthday: 'Joyeux anniversaire !',
    anniversary: 'Joyeux anniversaire de mariage !',
    celebrates: ', l’église se réjouit avec vous aujourd’hui. Que Dieu vous bénisse.',
  },
};

const codes = sql.join(
  LANGUAGE_CODES.map((code) => sql`${code}`),
  sql`, `,
);

/** One of the greeting's words in the row's language (the `language` column of the query below). */
const inLanguage = (word: (g: (typeof GREETINGS)[LanguageCode]) => string) =>
  sql`(case language ${sql.join(
    LANGUAGE_CODES.map((code) => sql`when ${code} then ${word(GREETINGS[code])}::text`),
    sql` `,
  )} end)`;

/** The month-days celebrated on `day`: its own, and 29 February on 28 February of a year without one. */
function monthDaysOn(day: string) {
  const md0 = monthDayOf(day);
  const days = md0 === 228 && !isLeapYear(Number(day.slice(0, 4))) ? [228, 229] : [md0];
  return sql.raw(days.join(', '));
}

/**
 * Greets, on `day`, the church members whose birthday or wedding anniversary it is and whose
 * newest 'greetings' consent is a yes, when the church turned greetings on (a greeting goes to the
 * person alone, so saying no to listing does not stop it). One statement in one
 * transaction: celebration_greetings' key (user, day) lets each person in once, so a second run,
 * or a run on a second server at the same moment, inserts nothing and greets nobody twice; the
 * inbox rows and their mails (through the outbox, as messages: the 'messages' opt-out and the
 * email consent hold) come only from the rows this run inserted. Answers how many it greeted.
 */
export async function sendGreetings(db: Db, day = localDay(new Date())): Promise<number> {
  if (!(await celebrationSettings(db)).greetings) return 0;
  const today = monthDaysOn(day);
  const wed = sql`exists (select from ${spouses} where ${spouses.userId} = ${md.userId}
    and flock_month_day(${spouses.weddingAnniversary}) in (${today}))`;
  const born = sql`flock_month_day(${md.dateOfBirth}) in (${today})`;
  const due = and(sql`(${born} or ${wed})`, activeMember, consented('greetings'));
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select ${md.userId} as user_id, ${md.firstName} as first_name,
          array_remove(array[case when ${born} then 'birthday' end, case when ${wed} then 'anniversary' end], null) as kinds
        from ${md} where ${due}),
      sent as (
        insert into celebration_greetings (user_id, day, kinds)
        select user_id, ${day}::date, kinds from due
        on conflict (user_id, day) do nothing
        returning user_id, kinds),
      languages as (
        select sent.user_id, sent.kinds, due.first_name,
          case when u.language in (${codes}) then u.language else ${DEFAULT_LANGUAGE} end as language
        from sent join due on due.user_id = sent.user_id join users u on u.id = sent.user_id),
      words as (
        select user_id, first_name, language,
          case when kinds = array['birthday', 'anniversary'] then ${inLanguage((g) => g.both)}
               when kinds = array['birthday'] then ${inLanguage((g) => g.birthday)}
               else ${inLanguage((g) => g.anniversary)} end as title
        from languages),
      inbox as (
        insert into notifications (recipient_id, kind, title, body)
        select user_id, 'message', title, title || ' ' || first_name || ${inLanguage((g) => g.celebrates)}
        from words
        returning recipient_id, title, body),
      mails as (
        insert into outbox ("to", subject, text, category)
        select u.email, inbox.title, inbox.body, 'messages'
        from inbox join users u on u.id = inbox.recipient_id
        where u.email_verified
          and not exists (select 1 from email_opt_outs o where o.user_id = u.id and o.category = 'messages')
          and ${mayEmail(sql`u.id`)})
      select count(*)::int as n from inbox`);
    return rowsOf<{ n: number }>(result)[0].n;
  });
}

/**
 * The daily greeting rides the outbox worker's rounds (the server's scheduled work, as scheduled
 * messages do) but runs at most hourly, or at once after the office turns greetings on; the first
 * round after midnight, local time, greets the new day.
 */
export function greetingJob(db: Db, log: { error(obj: object, msg: string): void }) {
  let lastRun = 0;
  return {
    async tick() {
      if (Date.now() - lastRun < HOUR_MS) return;
      lastRun = Date.now();
      try {
        await sendGreetings(db);
      } catch (err) {
        // Tried again at the next hour's round.
        log.error({ err }, 'the birthday greetings could not be sent');
      }
    },
    /** The next round runs (greetings were turned on). */
    soon() {
      lastRun = 0;
    },
  };
}
