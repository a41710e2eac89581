import { and, asc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { inEveryLanguage, type Localized } from '@/domain/common/languages.js';
import { sayMoment } from '@/domain/common/localeFormat.js';
import type { z } from 'zod';
import {
  HOLDING_STATUSES,
  slotAt,
  withinHorizon,
  type AppointmentStatus,
  type availabilitySchema,
  type appointmentUpdateSchema,
  type bookingSchema,
  type Slot,
  type Window,
} from '@/domain/appointments/slots.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { permissionsOf } from '@/server/db/permissionsOf.js';
import { appointmentExceptions, appointments, appointmentWindows, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict, forbidden, notFound } from '@/server/http/errors.js';
import { notify } from '@/server/modules/notifications/notify.js';
import { APPOINTMENT_NOT_FOUND, appointmentView, type AppointmentView } from './view.js';

/**
 * Booking and the appointment's state machine. No two holding bookings (requested, confirmed) of
 * one host overlap: every booking and reschedule first locks the host's user row (SELECT ... FOR
 * UPDATE), then checks for an overlap and writes, so two members racing for one slot take turns
 * and the second is told the time is taken. The lock works alike on PGlite and PostgreSQL.
 */

type Audit = (e: AuditEntry) => void;
const SLOT_TAKEN = 'This time is no longer free; please choose another slot';
const MEMBER_BUSY = 'You already have an appointment at this time';

export async function hostRules(db: Db | Tx, hostId: string): Promise<{ windows: Window[]; exceptions: Set<string> }> {
  const [windows, exceptions] = await Promise.all([
    db.select().from(appointmentWindows).where(eq(appointmentWindows.hostId, hostId)),
    db.select().from(appointmentExceptions).where(eq(appointmentExceptions.hostId, hostId)),
  ]);
  return { windows, exceptions: new Set(exceptions.map((e) => e.day)) };
}

/** The host's holding bookings that overlap a slot, leaving one booking out (the one being moved). */
function overlapping(tx: Tx | Db, hostId: string, slot: Slot, except?: string) {
  return tx
    .select({ id: appointments.id, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.hostId, hostId),
        inArray(appointments.status, [...HOLDING_STATUSES]),
        lt(appointments.startsAt, slot.endsAt),
        gt(appointments.endsAt, slot.startsAt),
        except ? ne(appointments.id, except) : undefined,
      ),
    );
}

/** The member's holding bookings, with any host, that overlap a slot, leaving one booking out (the one being moved). */
function memberOverlapping(tx: Tx, memberId: string, slot: Slot, except?: string) {
  return tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.memberId, memberId),
        inArray(appointments.status, [...HOLDING_STATUSES]),
        lt(appointments.startsAt, slot.endsAt),
        gt(appointments.endsAt, slot.startsAt),
        except ? ne(appointments.id, except) : undefined,
      ),
    );
}

/**
 * The slot a booking or reschedule asks for, checked against the host's rules and both people's
 * bookings, under the lock of both users' rows. Both rows are locked in one statement in id
 * order, so two bookings naming the same two people the other way round cannot deadlock.
 */
async function claimSlot(tx: Tx, hostId: string, memberId: string, startsAt: Date, except?: string): Promise<Slot> {
  const now = new Date();
  if (startsAt <= now) throw badRequest('This time has passed', { startsAt: ['Choose a time in the future'] });
  if (!withinHorizon(startsAt, now)) throw badRequest('This time is too far ahead', { startsAt: ['Choose a nearer time'] });
  const locked = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [hostId, memberId]))
    .orderBy(asc(users.id))
    .for('update');
  if (!locked.some((u) => u.id === hostId)) throw notFound('Host not found');
  const rules = await hostRules(tx, hostId);
  const slot = slotAt(rules.windows, startsAt, rules.exceptions);
  if (!slot) throw badRequest('The host is not available at this time', { startsAt: ['Not one of the host’s slots'] });
  if ((await overlapping(tx, hostId, slot, except)).length > 0) throw conflict(SLOT_TAKEN);
  if ((await memberOverlapping(tx, memberId, slot, except)).length > 0) throw conflict(MEMBER_BUSY);
  return slot;
}

export async function isHost(db: Db | Tx, userId: string): Promise<boolean> {
  const [user] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
  if (!user || user.disabled) return false;
  return (await permissionsOf(db, userId)).some((p) => p.permission === P.hostAppointments);
}

async function tell(tx: Tx, audit: Audit, sender: Caller, recipientId: string, title: Localized, body: Localized) {
  await notify(tx, audit, { recipientId, senderId: sender.id, kind: 'message', title, body, link: '/appointments' });
}

export async function book(tx: Tx, audit: Audit, caller: Caller, input: z.output<typeof bookingSchema>): Promise<AppointmentView> {
  if (input.hostId === caller.id) throw badRequest('You cannot book an appointment with yourself');
  if (!(await isHost(tx, input.hostId))) throw notFound('Host not found');
  const slot = await claimSlot(tx, input.hostId, caller.id, input.startsAt);
  const [row] = await tx
    .insert(appointments)
    .values({ hostId: input.hostId, memberId: caller.id, ...slot, reason: input.reason, note: input.note ?? null })
    .returning();
  audit({ action: 'create', entity: 'appointment', entityId: row.id, after: row, subjectId: caller.id });
  const view = (await appointmentView(tx, row.id, caller))!;
  await tell(
    tx,
    audit,
    caller,
    input.hostId,
    { en: 'Appointment requested', fr: 'Demande de rendez-vous' },
    {
      en: `${view.memberName} asked to meet you on ${sayMoment(slot.startsAt, 'en')}.`,
      fr: `${view.memberName} demande à vous rencontrer le ${sayMoment(slot.startsAt, 'fr')}.`,
    },
  );
  return view;
}

type Update = z.output<typeof appointmentUpdateSchema>;

/**
 * Who may take each action, and from which statuses. Either party reschedules: the host's move
 * is confirmed at once, the member's is a request the host confirms anew.
 */
const RULES: Record<Update['action'], { by: 'host' | 'member' | 'either'; from: AppointmentStatus[] }> = {
  confirm: { by: 'host', from: ['requested'] },
  decline: { by: 'host', from: ['requested', 'confirmed'] },
  reschedule: { by: 'either', from: ['requested', 'confirmed'] },
  cancel: { by: 'member', from: ['requested', 'confirmed'] },
};

const NEXT: Record<Update['action'], AppointmentStatus> = {
  confirm: 'confirmed',
  decline: 'declined',
  reschedule: 'confirmed',
  cancel: 'cancelled',
};

export async function act(tx: Tx, audit: Audit, caller: Caller, input: Update): Promise<AppointmentView> {
  const [before] = await tx.select().from(appointments).where(eq(appointments.id, input.id));
  const oversees = caller.permissions.has(P.overseeAppointments);
  const party = before && (before.hostId === caller.id || before.memberId === caller.id);
  if (!before || (!party && !oversees)) throw notFound(APPOINTMENT_NOT_FOUND);
  const rule = RULES[input.action];
  const mine = rule.by === 'either' ? party : rule.by === 'host' ? before.hostId === caller.id : before.memberId === caller.id;
  if (!mine && !oversees) throw forbidden(rule.by === 'host' ? 'Only the host may do this' : 'Only the member who booked may cancel');
  if (!rule.from.includes(before.status)) throw badRequest(`This appointment is already ${before.status}`);
  const slot = input.action === 'reschedule' ? await claimSlot(tx, before.hostId, before.memberId, input.startsAt!, before.id) : {};
  const byMember = before.memberId === caller.id;
  const status = input.action === 'reschedule' && byMember ? 'requested' : NEXT[input.action];
  const [after] = await tx
    .update(appointments)
    .set({ ...slot, status, hostComment: input.comment ?? before.hostComment, updatedAt: new Date() })
    .where(and(eq(appointments.id, before.id), eq(appointments.status, before.status)))
    .returning();
  if (!after) throw conflict('This appointment changed meanwhile; please reload it');
  audit({ action: input.action, entity: 'appointment', entityId: after.id, before, after, subjectId: after.memberId });
  const view = (await appointmentView(tx, after.id, caller))!;
  await tellOther(tx, audit, caller, view, input);
  return view;
}

/** What a change of an appointment tells the other person, in each language: title and body. */
const CHANGED: Localized<Record<Update['action'] | 'moveAsked', (v: AppointmentView, when: string) => [string, string]>> = {
  en: {
    confirm: (v, when) => ['Appointment confirmed', `${v.hostName} confirmed your appointment on ${when}.`],
    decline: (v, when) => ['Appointment declined', `${v.hostName} declined your appointment on ${when}.`],
    reschedule: (v, when) => ['Appointment rescheduled', `${v.hostName} moved your appointment to ${when}.`],
    cancel: (v, when) => ['Appointment cancelled', `${v.memberName} cancelled the appointment on ${when}.`],
    moveAsked: (v, when) => ['Appointment move requested', `${v.memberName} asked to move the appointment to ${when}.`],
  },
  fr: {
    confirm: (v, when) => ['Rendez-vous confirmé', `${v.hostName} a confirmé votre rendez-vous du ${when}.`],
    decline: (v, when) => ['Rendez-vous refusé', `${v.hostName} a refusé votre rendez-vous du ${when}.`],
    reschedule: (v, when) => ['Rendez-vous déplacé', `${v.hostName} a déplacé votre rendez-vous au ${when}.`],
    cancel: (v, when) => ['Rendez-vous annulé', `${v.memberName} a annulé le rendez-vous du ${when}.`],
    moveAsked: (v, when) => ['Demande de déplacement de rendez-vous', `${v.memberName} demande à déplacer le rendez-vous au ${when}.`],
  },
};
const COMMENT: Localized<(comment: string) => string> = { en: (c) => ` Comment: ${c}`, fr: (c) => ` Commentaire : ${c}` };

async function tellOther(tx: Tx, audit: Audit, caller: Caller, v: AppointmentView, input: Update) {
  const which = input.action === 'reschedule' && v.memberId === caller.id ? 'moveAsked' : input.action;
  const words = inEveryLanguage((code) => {
    const [title, body] = CHANGED[code][which](v, sayMoment(v.startsAt, code));
    return { title, body: body + (input.comment ? COMMENT[code](input.comment) : '') };
  });
  // Both people hear of it; the one acting is told too when an administrator acted for them.
  const recipients = [v.hostId, v.memberId].filter((id) => id !== caller.id);
  const title = inEveryLanguage((code) => words[code].title);
  const body = inEveryLanguage((code) => words[code].body);
  for (const id of recipients) await tell(tx, audit, caller, id, title, body);
}

/** Replaces the caller's windows and exception days; bookings already made stay. */
export async function setAvailability(tx: Tx, audit: Audit, caller: Caller, input: z.output<typeof availabilitySchema>) {
  const before = await hostRules(tx, caller.id);
  await tx.delete(appointmentWindows).where(eq(appointmentWindows.hostId, caller.id));
  await tx.delete(appointmentExceptions).where(eq(appointmentExceptions.hostId, caller.id));
  if (input.windows.length) await tx.insert(appointmentWindows).values(input.windows.map((w) => ({ ...w, hostId: caller.id })));
  if (input.exceptions.length)
    await tx.insert(appointmentExceptions).values(input.exceptions.map((e) => ({ day: e.day, note: e.note ?? null, hostId: caller.id })));
  audit({
    action: 'update',
    entity: 'appointmentAvailability',
    entityId: caller.id,
    before: { windows: before.windows, exceptions: [...before.exceptions] },
    after: input,
    subjectId: caller.id,
  });
  return input;
}

/** Removes an appointment (those who oversee appointments). */
export async function deleteAppointment(tx: Tx, audit: Audit, id: string) {
  const [row] = await tx.delete(appointments).where(eq(appointments.id, id)).returning();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  audit({ action: 'delete', entity: 'appointment', entityId: row.id, before: row, subjectId: row.memberId });
}
