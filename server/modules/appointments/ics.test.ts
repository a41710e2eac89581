import { describe, expect, it } from 'vitest';
import { appointmentIcs } from './ics.js';

describe('appointmentIcs', () => {
  const base = {
    id: 'a1',
    startsAt: new Date('2030-01-07T09:00:00Z'),
    endsAt: new Date('2030-01-07T09:30:00Z'),
    stamp: new Date('2030-01-01T12:00:00Z'),
    status: 'confirmed' as const,
    summary: 'Appointment with Ade, Pastor; Lagos',
    description: 'Reason: prayer\nSecond line',
  };

  it('writes one VEVENT in UTC with escaped text and CRLF lines', () => {
    const text = appointmentIcs(base);
    expect(text).toContain('DTSTART:20300107T090000Z\r\nDTEND:20300107T093000Z\r\n');
    expect(text).toContain('SUMMARY:Appointment with Ade\\, Pastor\\; Lagos\r\n');
    expect(text).toContain('DESCRIPTION:Reason: prayer\\nSecond line\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('says the language of its words when told it (RFC 5545 LANGUAGE)', () => {
    const text = appointmentIcs({ ...base, summary: 'Rendez-vous avec Ade', description: 'Motif : prière', language: 'fr' });
    expect(text).toContain('SUMMARY;LANGUAGE=fr:Rendez-vous avec Ade\r\n');
    expect(text).toContain('DESCRIPTION;LANGUAGE=fr:Motif : prière\r\n');
  });

  it('folds long lines at 75 octets without cutting a character', () => {
    const text = appointmentIcs({ ...base, description: 'é'.repeat(100) });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${'é'.repeat(100)}\r\n`);
  });
});
