import type { AppointmentStatus } from '@/domain/appointments/slots.js';

/** RFC 5545 text: escape backslash, semicolon, comma and newlines. */
const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Folds a content line at 75 octets (RFC 5545 3.1), continuation lines starting with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never cut a UTF-8 sequence: step back off continuation bytes.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/** One VEVENT calendar file for an appointment, in UTC times. */
export function appointmentIcs(
  a: {
    id: string;
    startsAt: Date;
    endsAt: Date;
    summary: string;
    description: string;
    status: AppointmentStatus;
    stamp: Date;
    /** The language the summary and description are written in (RFC 5545 3.2.10), when said. */
    language?: string;
  },
  app = 'Flock',
): string {
  const lang = a.language ? `;LANGUAGE=${a.language}` : '';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(app)}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${a.id}@flock`,
    `DTSTAMP:${icsTime(a.stamp)}`,
    `DTSTART:${icsTime(a.startsAt)}`,
    `DTEND:${icsTime(a.endsAt)}`,
    `SUMMARY${lang}:${icsText(a.summary)}`,
    `DESCRIPTION${lang}:${icsText(a.description)}`,
    `STATUS:${a.status === 'confirmed' ? 'CONFIRMED' : a.status === 'requested' ? 'TENTATIVE' : 'CANCELLED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
