import type { Localized } from '@/domain/common/languages.js';
import type { EventType } from '@/domain/gatherings/statuses.js';

/**
 * What a gathering request asks for, as its notifications word it, in each language
 * (docs/decisions/0231-mail-frame-and-server-language.md): the deciders are told "X asks …", the
 * requester "Your request … was approved". Names and titles people typed go in as written.
 */

const EVENT_EN = (t: EventType) => t.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
const EVENT_FR: Record<EventType, string> = {
  babyChristening: 'un baptême d’enfant',
  babyDedication: 'une présentation d’enfant',
  houseWarming: 'une inauguration de maison',
  specialThanksgiving: 'une action de grâce',
  burialCeremony: 'des obsèques',
};

const hhmm = (t: string) => t.slice(0, 5);

export function eventWhat(type: EventType, date: string, venue: string | null): Localized {
  return {
    en: `for a ${EVENT_EN(type)} on ${date}${venue ? ` at ${venue}` : ''}`,
    fr: `pour ${EVENT_FR[type]} le ${date}${venue ? ` à ${venue}` : ''}`,
  };
}

export function outreachWhat(title: string, date: string): Localized {
  return { en: `for the outreach "${title}" on ${date}`, fr: `pour l’évangélisation « ${title} » du ${date}` };
}

export function bookingWhat(v: { venueName: string; bookingDate: string; startTime: string; endTime: string }): Localized {
  const [from, to] = [hhmm(v.startTime), hhmm(v.endTime)];
  return {
    en: `to book ${v.venueName} on ${v.bookingDate} from ${from} to ${to}`,
    fr: `pour réserver ${v.venueName} le ${v.bookingDate} de ${from} à ${to}`,
  };
}

/** "X asks …" to the deciders; `purpose` (as typed) follows in brackets. */
export function asks(name: string | null, what: Localized, purpose?: string): Localized {
  const after = purpose ? ` (${purpose})` : '';
  return { en: `${name} asks ${what.en}${after}.`, fr: `${name} fait une demande ${what.fr}${after}.` };
}
