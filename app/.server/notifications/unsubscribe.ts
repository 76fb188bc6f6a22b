// One-click unsubscribe (RFC 8058, RFC 2369): every notification mail carries List-Unsubscribe with an
// https URL holding the member's random token, and a mailto to the tenant's support address, plus
// List-Unsubscribe-Post. A POST to the URL — no login, the token is the proof — adds the reason
// `listunsubscribe` to notifications_disabled: no notification mail goes out until the member turns
// mail back on in the settings (enableNotificationMail).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { addDisabledReason } from './feedback';

export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/unsubscribe/${encodeURIComponent(token)}`;
}

export function listUnsubscribeHeaders(tenant: Tenant, origin: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(origin, token)}>, <mailto:${tenant.settings.support_email}?subject=unsubscribe%20${encodeURIComponent(token)}>`,
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

/** The one-click POST: true when the token belongs to a member of this tenant (then mail is off). */
export async function oneClickUnsubscribe(db: Kysely<DB>, tenant: Tenant, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return (await addDisabledReason(db, tenant, 'listunsubscribe', { unsubscribeToken: token })).length > 0;
}

/**
 * The member turns notification mail back on (settings): a one-click unsubscribe or a spam complaint
 * is undone by this explicit wish; a bounce stays until a new address is confirmed (nothing would arrive).
 */
export async function enableNotificationMail(db: Kysely<DB>, user: User): Promise<string[]> {
  const next = user.notifications_disabled.filter((reason) => reason !== 'listunsubscribe' && reason !== 'fbl');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ notifications_disabled: next }).where('id', '=', user.id).execute();
    // A new token (issue 31 item 7): the links in every mail sent before — forwarded, archived, in
    // a mailbox someone else reads — no longer turn mail off again.
    await trx.updateTable('notification_state').set({ unsubscribe_token: crypto.randomBytes(18).toString('base64url') }).where('user_id', '=', user.id).execute();
  });
  return next;
}
