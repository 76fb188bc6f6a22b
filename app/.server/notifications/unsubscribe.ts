// One-click unsubscribe (RFC 8058, RFC 2369): every notification mail carries List-Unsubscribe with an
// https URL holding the member's random token and the kinds of notification the mail is about
// (`?kind=like`, several for an activity mail that tells of several), a mailto to the tenant's
// support address, and List-Unsubscribe-Post. A POST to the URL — no login, the token is the proof —
// unsubscribes that list (issue 48 item 19, docs/decisions/0069 addendum): it turns those kinds off
// in notifications_disabled, as the settings would. A URL without a kind (mails sent before kinds
// were named, the page's "all" button) adds the reason `listunsubscribe`: no notification mail goes
// out until the member turns mail back on in the settings (enableNotificationMail).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { NOTIFICATION_KINDS } from '~/shared/catalogue';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { addDisabledReason } from './feedback';
import { markTurnedOn, notificationState } from './state';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** What a one-click unsubscribe turns off: the kinds of the mail, or all notification mail. */
export type UnsubscribeList = readonly NotificationKind[] | 'all';

const isKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The page and one-click URL; `kinds` repeat `kind=` (no comma in the URL: RFC 2369 separates URLs with commas). */
export function unsubscribeUrl(origin: string, token: string, kinds: readonly NotificationKind[] = []): string {
  const query = kinds.length ? `?${kinds.map((kind) => `kind=${kind}`).join('&')}` : '';
  return `${origin}/unsubscribe/${encodeURIComponent(token)}${query}`;
}

/** The list a URL's query names: its known kinds, once each, in order; 'all' when it names none. */
export function unsubscribeListOf(search: URLSearchParams): UnsubscribeList {
  const kinds = [...new Set(search.getAll('kind').filter(isKind))];
  return kinds.length ? kinds : 'all';
}

export function listUnsubscribeHeaders(tenant: Tenant, origin: string, token: string, kinds: readonly NotificationKind[] = []): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(origin, token, kinds)}>, <mailto:${tenant.settings.support_email}?subject=unsubscribe%20${encodeURIComponent(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The member a /unsubscribe/{token} page is about, as far as its language goes: that page answers in
 * the member's language, like the mail that linked to it (issue 34 item 14). Null for any other path
 * or an unknown token.
 */
export async function unsubscribePageMember(db: Kysely<DB>, tenant: Tenant, path: string): Promise<{ language: string } | null> {
  const match = /^\/unsubscribe\/([^/]{1,100})\/?$/i.exec(path);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const row = await db
    .selectFrom('notification_state')
    .innerJoin('users', 'users.id', 'notification_state.user_id')
    .select('users.language')
    .where('notification_state.unsubscribe_token', '=', token)
    .where('notification_state.tenant_id', '=', tenant.id)
    .where('users.tenant_id', '=', tenant.id)
    .executeTakeFirst();
  return row ?? null;
}

export interface UnsubscribeResult {
  /** What this POST turned off. */
  off: UnsubscribeList;
  /** The member's notifications_disabled now (kinds off and system reasons). */
  disabled: string[];
}

/** The one-click POST: turns the list off for the member whose token it is (null: no member of this tenant has it). */
export async function unsubscribe(db: Kysely<DB>, tenant: Tenant, token: string, list: UnsubscribeList): Promise<UnsubscribeResult | null> {
  if (!token || token.length > 100) return null;
  if (list === 'all') {
    const [id] = await addDisabledReason(db, tenant, 'listunsubscribe', { unsubscribeToken: token });
    if (id === undefined) return null;
    const user = await db.selectFrom('users').select('notifications_disabled').where('id', '=', id).executeTakeFirstOrThrow();
    return { off: 'all', disabled: user.notifications_disabled };
  }
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['users.id', 'users.notifications_disabled'])
      .where('users.tenant_id', '=', tenant.id)
      .where((eb) => eb('users.id', '=', eb.selectFrom('notification_state').select('user_id').where('unsubscribe_token', '=', token).where('tenant_id', '=', tenant.id)))
      .forUpdate()
      .executeTakeFirst();
    if (!user) return null;
    const disabled = [...user.notifications_disabled, ...list.filter((kind) => !user.notifications_disabled.includes(kind))];
    await trx.updateTable('users').set({ notifications_disabled: disabled }).where('id', '=', user.id).execute();
    return { off: list, disabled };
  });
}

/** The one-click POST as a yes or no: true when the token belongs to a member of this tenant (then the list is off). */
export async function oneClickUnsubscribe(db: Kysely<DB>, tenant: Tenant, token: string, list: UnsubscribeList = 'all'): Promise<boolean> {
  return (await unsubscribe(db, tenant, token, list)) !== null;
}

/**
 * The member turns notification mail back on (settings): a one-click unsubscribe or a spam complaint
 * is undone by this explicit wish; a bounce stays until a new address is confirmed (nothing would arrive).
 */
export async function enableNotificationMail(db: Kysely<DB>, user: User): Promise<string[]> {
  const next = user.notifications_disabled.filter((reason) => reason !== 'listunsubscribe' && reason !== 'fbl');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ notifications_disabled: next }).where('id', '=', user.id).execute();
    // What came while mail was off is not mailed now (notifications/activity.ts).
    if (next.length < user.notifications_disabled.length) await markTurnedOn(trx, user, ['mail']);
    // A new token (issue 31 item 7): the links in every mail sent before — forwarded, archived, in
    // a mailbox someone else reads — no longer turn mail off again.
    await notificationState(trx, user);
    await trx.updateTable('notification_state').set({ unsubscribe_token: crypto.randomBytes(18).toString('base64url') }).where('user_id', '=', user.id).execute();
  });
  return next;
}
