import type { MeetingDetail } from './meetingText';
import { formatInstant, screenLanguage } from '@/src/i18n/formats';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Labels = { agenda: string; minutes: string; actions: string; attendance: string; attended: string; absent: string; due: string };

/**
 * The minutes as a plain page of their own, for printing or saving as PDF from the browser's print
 * dialog, saying which language it is written in (the screens'): a screen reader and the browser's
 * hyphenation read it as that language.
 */
export function minutesHtml(m: MeetingDetail, labels: Labels): string {
  const when = formatInstant(m.startsAt, { dateStyle: 'full', timeStyle: 'short' });
  const list = (items: string[]) => (items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : '<p>—</p>');
  return `<!doctype html><html lang="${screenLanguage()}"><head><meta charset="utf-8"><title>${escape(m.title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#000}h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:1.5rem}p.minutes{white-space:pre-wrap}</style>
</head><body><h1>${escape(m.title)}</h1><p>${escape(when)}${m.venue ? ` · ${escape(m.venue)}` : ''}</p>
<h2>${escape(labels.agenda)}</h2>${list(m.agenda.map(escape))}
<h2>${escape(labels.minutes)}</h2><p class="minutes">${escape(m.minutes ?? '—')}</p>
<h2>${escape(labels.actions)}</h2>${list(m.actionItems.map((a) => `${a.done ? '☑' : '☐'} ${escape(a.text)}${a.ownerName ? ` — ${escape(a.ownerName)}` : ''}${a.dueDate ? ` (${escape(labels.due)} ${escape(a.dueDate)})` : ''}`))}
<h2>${escape(labels.attendance)}</h2>${list(m.invitees.map((i) => `${escape(i.fullName ?? '')}: ${i.attended === true ? escape(labels.attended) : i.attended === false ? escape(labels.absent) : '—'}`))}
</body></html>`;
}

/** Opens the minutes in a window of their own and asks the browser to print them. */
export function printMinutes(m: MeetingDetail, labels: Labels) {
  const win = window.open('', '_blank');
  if (!win) return;
  win.document.write(minutesHtml(m, labels));
  win.document.close();
  win.focus();
  win.print();
}
