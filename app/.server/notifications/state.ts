// A member's notification state (docs/decisions/0024-notifications.md): presence — whether the member
// is looking at the site right now — and the one-click unsubscribe token. Presence is set by the
// event stream (open: looking; closed: not) and the refresh (GET /api/user.php), and cleared by the
// page-hidden beacon (POST /api/page-hidden.php). A member counts as looking while not hidden and
// seen within LOOKING_MS: a browser that vanished without a word stops counting after that.
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { now } from '../clock';
import type { DB, NotificationStateTable } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;
export type NotificationState = Selectable<NotificationStateTable>;

/** How long a member who is not hidden counts as looking without a sign of life. */
export const LOOKING_MS = 10 * 60_000;
/** New messages and likes older than this are left to the unread-message reminder. */
export const ACTIVITY_WINDOW_MS = 24 * 3600_000;

/** The member's row, made on first use. */
export async function notificationState(db: Db, user: { id: number; tenant_id: string }): Promise<NotificationState> {
  await db
    .insertInto('notification_state')
    .values({ user_id: user.id, tenant_id: user.tenant_id, unsubscribe_token: crypto.randomBytes(18).toString('base64url'), likes_after: new Date(now().getTime() - ACTIVITY_WINDOW_MS) })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('notification_state').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
}

/** The member has the site open and visible (event stream opened, a refresh). */
export async function markLooking(db: Db, user: { id: number; tenant_id: string }): Promise<void> {
  await notificationState(db, user);
  await db.updateTable('notification_state').set({ hidden: false, seen_at: now() }).where('user_id', '=', user.id).execute();
}

/** The member's page went hidden, or its event stream closed. */
export async function markHidden(db: Db, user: { id: number; tenant_id: string }): Promise<void> {
  await notificationState(db, user);
  await db.updateTable('notification_state').set({ hidden: true }).where('user_id', '=', user.id).execute();
}

export function isLooking(state: Pick<NotificationState, 'hidden' | 'seen_at'>, at: Date = now()): boolean {
  return !state.hidden && state.seen_at !== null && at.getTime() - state.seen_at.getTime() < LOOKING_MS;
}

/**
 * When each kind of notification — and notification mail as a whole (`mail`, after a one-click
 * unsubscribe or a complaint) — was last turned back on (migration 0042). The activity round tells of
 * nothing that happened before that moment: what came while a kind was off is never notified later
 * (issue 48 item 20, docs/decisions/0069 addendum).
 */
export type TurnedOn = Partial<Record<string, string>>;

/** Records that `keys` (notification kinds, or `mail`) were turned on just now. */
export async function markTurnedOn(db: Db, user: { id: number; tenant_id: string }, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await notificationState(db, user);
  const at = now().toISOString();
  const stamp = JSON.stringify(Object.fromEntries(keys.map((key) => [key, at])));
  await db
    .updateTable('notification_state')
    .set({ kinds_on_at: sql`kinds_on_at || ${stamp}::jsonb` })
    .where('user_id', '=', user.id)
    .execute();
}

/** The moment `key` was last turned on, or null. */
export function turnedOnAt(state: Pick<NotificationState, 'kinds_on_at'>, key: string): Date | null {
  const value = (state.kinds_on_at as TurnedOn)[key];
  return value ? new Date(value) : null;
}
