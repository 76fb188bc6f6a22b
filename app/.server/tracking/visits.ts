// Recording visits and attributing members to them (docs/decisions/0027).
// - A visit is counted once: a repeated hit of the same visitor (same rdv_vid cookie, or same address
//   and user agent when cookies are not kept) on the same path with the same traffic source within
//   REPEAT_WINDOW_MS of their last hit only raises `hits` and `last_seen_at`. The check and the insert
//   run under a transaction-scoped advisory lock on that visitor and target, so parallel hits of a
//   reloading browser (or a click-fraud burst) still make one visit.
// - Bots are no visit at all (isbot; see user-agent.ts).
// - Many new visits from one address on one path with rotating user agents are one burst, counted as
//   one visit (bursts.ts, decision 0055); a returning visitor (a visitor cookie handed out by an
//   earlier visit) is never part of one, so people behind one NAT stay apart.
// - Attribution is the last touch with a traffic source: the rdv_visit cookie moves to a new visit
//   when that visit has a network or ref, or when it held nothing attributable; a later visit
//   without a source never takes the credit from a network.
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { now } from '../clock';
import type { DB, Tracking } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { burstAddress, burstOf, lockBurst } from './bursts';
import { ATTRIBUTION_DAYS, isTrackingId, newId } from './cookies';
import { hasTrafficSource, TRACKING_KEYS } from './traffic-source';
import { isBotAgent, userAgentClass } from './user-agent';

/** Hits closer than this to the visitor's last hit on the same target are the same visit. */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000;

export interface VisitTarget {
  /** The lander's name (`video`), `landing`/`landing2`/`landing3` for a member landing, null for another page. */
  lander: string | null;
  /** The campaign variant served (its slug), null where none applies. */
  variant: string | null;
  /** The profile of a member landing. */
  profileId: number | null;
  /** The path asked for, without the query. */
  path: string;
}

export interface RecordVisitInput extends VisitTarget {
  /** The traffic source in the URL, if any. */
  tracking: Tracking | null;
  ip: string | null;
  userAgent: string | null;
  country: string | null;
  /** The visitor id of the rdv_vid cookie (made by the caller on a first visit, and set with the answer). */
  visitorId: string;
  /** Whether visitorId came from the request's own rdv_vid cookie (a returning visitor, if an earlier visit handed it out). */
  visitorCookie?: boolean;
  /** The click id the visitor's rdv_visit cookie holds now, if any. */
  clickId: string | null;
}

export type RecordVisitResult =
  | { outcome: 'bot' }
  | {
      outcome: 'new' | 'repeat';
      /** The visit this hit belongs to. */
      visitId: number;
      clickId: string;
      /** The click id the rdv_visit cookie should hold from now on (last touch with a traffic source). */
      attributedClickId: string;
    };

export interface Attribution {
  visitId: number;
  clickId: string;
  tracking: Tracking | null;
}

type Db = Kysely<DB> | Transaction<DB>;

/** Salted so that a stored hash cannot be turned back into an address by trying them all. */
export function visitHash(salt: string, ...parts: (string | number | null | undefined)[]): string {
  return crypto
    .createHmac('sha256', salt)
    .update(parts.map((part) => String(part ?? '')).join('\u0001'))
    .digest('base64url')
    .slice(0, 32);
}

/** The visitor id as a visit stores it (visits.visitor_id): the rdv_vid cookie, salted per tenant. */
export function visitorIdHash(salt: string, tenant: Pick<Tenant, 'id'>, visitorId: string): string {
  return visitHash(`${salt}:${tenant.id}`, 'visitor', visitorId);
}

/** Records one hit of a visitor (docs/decisions/0027); see the file's head for the rules. */
export async function recordVisit(db: Kysely<DB>, tenant: Tenant, input: RecordVisitInput, options: { salt: string }): Promise<RecordVisitResult> {
  if (isBotAgent(input.userAgent)) return { outcome: 'bot' };
  const tracking = hasTrafficSource(input.tracking) ? input.tracking : null;
  const salt = `${options.salt}:${tenant.id}`;
  const path = input.path.toLowerCase().replace(/\/+$/, '') || '/';
  const targetKey = visitHash(salt, path, ...TRACKING_KEYS.map((key) => tracking?.[key]));
  const visitorKey = visitHash(salt, 'address', input.ip, input.userAgent);
  const visitorId = visitorIdHash(options.salt, tenant, input.visitorId);
  const at = now();

  const address = burstAddress(input.ip);
  const burstKey = address ? visitHash(salt, 'burst', address, path) : null;

  return db.transaction().execute(async (trx) => {
    // The address's lock first, then the visitor's (the same order everywhere: no deadlock).
    if (burstKey) await lockBurst(trx, tenant.id, burstKey);
    await sql`select pg_advisory_xact_lock(hashtextextended(${`visit:${tenant.id}:${targetKey}:${visitorKey}`}, 0))`.execute(trx);
    const recent = await trx
      .selectFrom('visits')
      .select(['id', 'click_id'])
      .where('tenant_id', '=', tenant.id)
      .where('target_key', '=', targetKey)
      .where((eb) => eb.or([eb('visitor_key', '=', visitorKey), eb('visitor_id', '=', visitorId)]))
      .where('last_seen_at', '>', new Date(at.getTime() - REPEAT_WINDOW_MS))
      .orderBy('last_seen_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    let visit: { id: number; click_id: string };
    let outcome: 'new' | 'repeat';
    if (recent) {
      await trx
        .updateTable('visits')
        .set((eb) => ({ hits: eb('hits', '+', 1), last_seen_at: at }))
        .where('id', '=', recent.id)
        .execute();
      visit = recent;
      outcome = 'repeat';
    } else {
      // A visitor cookie an earlier visit handed out is a returning visitor; a made-up one is not.
      const returning =
        input.visitorCookie === true && (await trx.selectFrom('visits').select('id').where('tenant_id', '=', tenant.id).where('visitor_id', '=', visitorId).limit(1).executeTakeFirst()) !== undefined;
      const newcomer = burstKey !== null && !returning;
      const burst = newcomer ? await burstOf(trx, { tenantId: tenant.id, burstKey, visitorKey, at, ip: input.ip }) : null;
      visit = await trx
        .insertInto('visits')
        .values({
          tenant_id: tenant.id,
          click_id: newId(),
          network: tracking?.network ?? null,
          ref: tracking?.ref ?? null,
          sub1: tracking?.sub1 ?? null,
          sub2: tracking?.sub2 ?? null,
          sub3: tracking?.sub3 ?? null,
          lander: input.lander,
          variant: input.variant,
          profile_id: input.profileId,
          path: input.path.slice(0, 500),
          country: input.country,
          user_agent_class: userAgentClass(input.userAgent ?? ''),
          visitor_key: visitorKey,
          visitor_id: visitorId,
          target_key: targetKey,
          burst_key: newcomer ? burstKey : null,
          burst_of: burst,
          created_at: at,
          last_seen_at: at,
        })
        .returning(['id', 'click_id'])
        .executeTakeFirstOrThrow();
      outcome = 'new';
    }
    const attributedClickId = tracking ? visit.click_id : ((await attributionFor(trx, tenant, input.clickId))?.tracking ? input.clickId! : visit.click_id);
    return { outcome, visitId: visit.id, clickId: visit.click_id, attributedClickId };
  });
}

/** The visit a click id (the rdv_visit cookie) stands for, on this tenant and within the attribution window. */
export async function attributionFor(db: Db, tenant: Tenant, clickId: string | null | undefined): Promise<Attribution | null> {
  if (!isTrackingId(clickId)) return null;
  const visit = await db
    .selectFrom('visits')
    .select(['id', 'click_id', ...TRACKING_KEYS])
    .where('tenant_id', '=', tenant.id)
    .where('click_id', '=', clickId)
    .where('last_seen_at', '>', new Date(now().getTime() - ATTRIBUTION_DAYS * 24 * 3600 * 1000))
    .executeTakeFirst();
  if (!visit) return null;
  return { visitId: visit.id, clickId: visit.click_id, tracking: trackingOfVisit(visit) };
}

export function trackingOfVisit(visit: Record<(typeof TRACKING_KEYS)[number], string | null>): Tracking | null {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) if (visit[key]) tracking[key] = visit[key];
  return hasTrafficSource(tracking) ? tracking : null;
}

/** The visit a member is attributed to: their signup, and through it every purchase and refund of theirs. */
export async function memberAttribution(db: Db, tenant: Tenant, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('visits', 'visits.id', 'users.visit_id')
    .select(['visits.id', 'visits.click_id', 'visits.lander', 'visits.variant', 'visits.profile_id', 'visits.created_at', ...TRACKING_KEYS.map((key) => `visits.${key}` as const)])
    .where('users.id', '=', userId)
    .where('users.tenant_id', '=', tenant.id)
    .where('visits.tenant_id', '=', tenant.id)
    .executeTakeFirst();
}
