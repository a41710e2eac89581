import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, isNull, not, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { localDay } from '@/domain/common/localTime.js';
import {
  fundHintOf,
  methodOfChannel,
  onlineGivingCalls,
  PAYSTACK_GIFT_EVENT,
  payerOf,
  paystackChargeSchema,
  type Payer,
  type PaystackCharge,
} from '@/domain/giving/online.js';
import type { Tx } from '@/server/db/client.js';
import { contributionSplits, contributions, givingFunds, memberDirectory } from '@/server/db/schema/index.js';
import { recordAudit, type AuditEntry } from '@/server/http/audit.js';
import { ok } from '@/server/http/envelope.js';
import { ApiError, badRequest, notFound } from '@/server/http/errors.js';
import { nestsDeeperThan } from '@/server/http/jsonBody.js';

/**
 * Paystack's webhook (docs/decisions/0233-paystack-webhook.md): a signed notice of each online
 * gift, recorded once whatever how often it is delivered. Its own Fastify scope, so that only
 * this route reads application/json as the raw bytes the signature covers; every other route
 * keeps the app's JSON parser.
 */

/** A notice is a few kilobytes; nothing bigger is read. */
const PAYSTACK_BODY_LIMIT = 64 * 1024;

/** Deliveries per minute from one address: Paystack sends one per payment and retries what fails. */
const DELIVERIES_PER_MINUTE = 600;

/** Gifts no chosen fund claims go to the offering, else the tithe (both seeded, 0227). */
const FALLBACK_FUNDS = ['offering', 'tithe'];

const noticeSchema = z.object({ event: z.string({ error: 'event is required' }), data: z.unknown() });

/**
 * Whether the header is the hex HMAC-SHA512 of the raw body under the secret key, compared in
 * constant time; a header of another length is refused before the comparison, which needs equal lengths.
 */
function signatureMatches(raw: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(createHmac('sha512', secret).update(raw).digest('hex'), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The notice, read only once its signature is known good. */
function noticeOf(raw: Buffer) {
  const text = raw.toString('utf8');
  if (nestsDeeperThan(text, 16)) throw badRequest('The notice nests too deep');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  return noticeSchema.parse(parsed);
}

/** The fund in use the giver chose (by name or id), else the offering, else the tithe. */
async function fundFor(tx: Tx, hint: string | null): Promise<string | null> {
  const inUse = await tx.select({ id: givingFunds.id, name: givingFunds.name }).from(givingFunds).where(isNull(givingFunds.retiredAt));
  const named = (name: string) => inUse.find((f) => f.name.toLowerCase() === name || f.id === name);
  const chosen = (hint && named(hint.toLowerCase())) || FALLBACK_FUNDS.map(named).find(Boolean);
  return chosen?.id ?? null;
}

/** The one person (not archived) the rule finds, or none when it finds nobody or several. */
async function onlyPerson(tx: Tx, rule: SQL): Promise<string | null> {
  const rows = await tx
    .select({ id: memberDirectory.userId })
    .from(memberDirectory)
    .where(and(not(memberDirectory.archived), rule))
    .limit(2);
  return rows.length === 1 ? rows[0].id : null;
}

/**
 * The giver: the person with the payer's email (whatever its case), else the one person with the
 * phone's last ten digits (flock_phone_key, as duplicates compare phones); else nobody, and the
 * office matches the gift. A phone several people share (a household's) matches nobody.
 */
async function giverOf(tx: Tx, payer: Payer): Promise<string | null> {
  const byEmail = payer.email && (await onlyPerson(tx, sql`lower(${memberDirectory.email}) = ${payer.email.toLowerCase()}`));
  if (byEmail) return byEmail;
  if (!payer.phone) return null;
  return onlyPerson(tx, sql`flock_phone_key(${memberDirectory.phone}) = flock_phone_key(${payer.phone})`);
}

/** The day paid, in the church's time zone (the server's, as every day Flock computes: domain/common/localTime.ts). */
function dayPaid(paidAt: string | null, now: Date): string {
  const when = paidAt ? new Date(paidAt) : now;
  return localDay(Number.isNaN(when.getTime()) ? now : when);
}

/**
 * Records a gift from a verified charge.success, counted at once: the provider's signed notice
 * is the proof a counter's second pair of eyes gives a batch. A reference recorded before records
 * nothing (two deliveries at once included: the unique index decides). Audited without the amount
 * nor the giver. Answers whether it was new.
 */
async function recordPaystackGift(tx: Tx, audit: (e: AuditEntry) => void, charge: PaystackCharge): Promise<boolean> {
  const fundId = await fundFor(tx, fundHintOf(charge.metadata));
  // Answered 500, so Paystack delivers it again once the office has a fund in use.
  if (!fundId) throw new Error('No fund in use takes online gifts: neither the chosen one, nor Offering, nor Tithe');
  const payer = payerOf(charge);
  const giverId = await giverOf(tx, payer);
  const now = new Date();
  const [row] = await tx
    .insert(contributions)
    .values({
      batchId: null,
      giverId,
      date: dayPaid(charge.paid_at, now),
      amount: charge.amount,
      currency: charge.currency,
      method: methodOfChannel(charge.channel),
      reference: charge.reference,
      kind: 'gift',
      provider: 'paystack',
      awaitingMatch: !giverId,
      payer: giverId ? null : payer,
      approvedAt: now,
    })
    .onConflictDoNothing({ target: [contributions.provider, contributions.reference] })
    .returning();
  if (!row) return false;
  await tx.insert(contributionSplits).values({ contributionId: row.id, fundId, amount: charge.amount });
  audit({
    action: 'create',
    entity: 'contribution',
    entityId: row.id,
    after: { kind: row.kind, method: row.method, date: row.date, provider: row.provider, awaitingMatch: row.awaitingMatch },
  });
  return true;
}

/** One verified notice: a gift recorded (or found recorded), or another event ignored. */
async function receive(app: FastifyInstance, request: FastifyRequest) {
  const notice = noticeOf(request.body as Buffer);
  if (notice.event !== PAYSTACK_GIFT_EVENT) return ok(null, 'Ignored: not a gift');
  const charge = paystackChargeSchema.parse(notice.data ?? {});
  const recorded = await app.services.database.db.transaction(async (tx) => {
    const entries: AuditEntry[] = [];
    const isNew = await recordPaystackGift(tx, (e) => entries.push(e), charge);
    await recordAudit(tx, entries, { actorId: null, ip: request.ip });
    return isNew;
  });
  // The reference only: never the amount nor the payer.
  request.log.info({ reference: charge.reference, recorded }, 'paystack notice');
  return ok(null, recorded ? 'Recorded' : 'Already recorded');
}

/** POST /api/Giving/PaystackWebhook, in a scope of its own (registered by givingModule). */
export async function paystackWebhook(app: FastifyInstance) {
  const secret = app.services.config.paystackSecretKey;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const call = onlineGivingCalls.paystackWebhook;
  app.services.routes.push({
    method: call.method,
    url: call.path,
    tag: 'Giving',
    summary:
      "(added) Paystack's signed notice of an online gift (x-paystack-signature: HMAC-SHA512 of the body); charge.success is recorded once per reference, other events ignored; 404 without PAYSTACK_SECRET_KEY",
    access: { public: true },
  });
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    bodyLimit: PAYSTACK_BODY_LIMIT,
    config: { rateLimit: { max: DELIVERIES_PER_MINUTE, timeWindow: '1 minute' } },
    // Without the key nothing is read: the call is not there.
    onRequest: async () => {
      if (!secret) throw notFound();
    },
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body) || !signatureMatches(request.body, request.headers['x-paystack-signature'], secret!))
        throw new ApiError(401, 'Invalid signature');
      return receive(app, request);
    },
  });
}
