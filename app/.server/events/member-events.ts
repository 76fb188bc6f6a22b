// What the domain announces to members' streams outside the chat (docs/api.md GET /api/events.php):
// a like and a match to the member who was liked, the balance after credits moved, and "check your
// session" when sessions end. Always called after the cause committed; a bus that fails costs the
// live update only (the client's refresh schedule catches up), never the request.
// The like and match events are made next to the likes, in app/.server/likes/likes.ts (announceLike).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { memberChannel, sessionsChannel, type EventBus } from './bus';
import { RECHECK_EVENT } from './sse';
import { logger } from '../observability/logger';

/** The `credits` event: the member's balance now (and premium, which a first purchase turns on). */
export interface CreditsEvent {
  credits: number;
  paid_user: boolean;
}

/** The member's balance after credits moved (a purchase, a refund or its reversal, the signup grant). */
export async function announceCredits(db: Kysely<DB>, events: EventBus | undefined, userId: number): Promise<void> {
  if (!events) return;
  try {
    const user = await db.selectFrom('users').select(['tenant_id', 'credits', 'paid_user']).where('id', '=', userId).executeTakeFirst();
    if (!user) return;
    const event: CreditsEvent = { credits: user.credits, paid_user: user.paid_user };
    await events.publish(memberChannel(user.tenant_id, userId), { type: 'credits', data: event });
  } catch (error) {
    logger.error(`announcing credits failed: ${(error as Error).message}`);
  }
}

/**
 * Sessions of the member ended (logout, password change, deletion): their streams check theirs and
 * close, and every instance drops the member from its session cache (accounts/session-cache.ts).
 */
export async function announceSessionEnd(events: EventBus | undefined, tenantId: string, userId: number): Promise<void> {
  await events?.publish(sessionsChannel(tenantId), { type: RECHECK_EVENT, data: { user: userId } });
  await events?.publish(memberChannel(tenantId, userId), { type: RECHECK_EVENT, data: {} });
}
