// Double opt-in (docs/product.md §4): the e-mailed link confirms the address and enables the profile.
import type { Kysely } from 'kysely';
import { now } from '../clock';
import { recordPostback } from '../postbacks/record';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import type { Locale } from '~/shared/locales';
import { activationMail } from './account-mails';
import { sendSubject, takeSendSlot } from '../trust/send-limits';
import { consumeToken, createToken } from './tokens';

/** Confirms the account behind an activation token; false for a bad, used or expired token. */
export async function activateAccount(db: Kysely<DB>, tenant: Tenant, token: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, { tenantId: tenant.id, kind: 'activation', token });
    if (!used) return false;
    return confirmAccount(trx, tenant, used.userId);
  });
}

/**
 * Confirms a not-yet-confirmed account and enables its profile; false when it was not unconfirmed.
 * Run inside the transaction that consumed the proof: an activation link, or a mail-change link
 * (following it proves the member owns the address, decision 0031).
 */
export async function confirmAccount(trx: Kysely<DB>, tenant: Tenant, userId: number): Promise<boolean> {
  const user = await trx
    .updateTable('users')
    .set({ status: 'confirmed', confirmed_at: now() })
    .where('id', '=', userId)
    .where('tenant_id', '=', tenant.id)
    .where('status', '=', 'not_confirmed')
    .returning(['profile_id'])
    .executeTakeFirst();
  if (!user) return false;
  if (user.profile_id) await trx.updateTable('profiles').set({ status: 'active' }).where('id', '=', user.profile_id).execute();
  await recordPostback(trx, { event: 'confirmed', userId });
  return true;
}

/** Shows the activation reminder (docs/product.md §4): not confirmed, profile disabled, notifications not disabled. */
export function needsActivationReminder(user: Pick<User, 'status' | 'notifications_disabled'>, profileStatus: string | null): boolean {
  return user.status === 'not_confirmed' && profileStatus === 'disabled' && user.notifications_disabled.length === 0;
}

export type ResendResult = { sent: boolean } | { sent: false; retryAfter: number };

/** Sends the activation mail again, within the limits of docs/decisions/0038 (per account and per address). */
export async function resendActivation(db: Kysely<DB>, tenant: Tenant, user: User, input: { origin: string; locale: Locale }): Promise<ResendResult> {
  if (user.status !== 'not_confirmed') return { sent: false };
  const profile = user.profile_id
    ? await db.selectFrom('profiles').select('name').where('id', '=', user.profile_id).executeTakeFirst()
    : undefined;
  return db.transaction().execute(async (trx): Promise<ResendResult> => {
    const slot = await takeSendSlot(trx, tenant.id, 'activation', [sendSubject.account(user.id), sendSubject.recipient(user.email)]);
    if (!slot.ok) return { sent: false, retryAfter: slot.retryAfter };
    const token = await createToken(trx, { tenantId: tenant.id, userId: user.id, kind: 'activation' });
    await activationMail(trx, tenant, { to: user.email, name: profile?.name ?? '', locale: input.locale, origin: input.origin, token });
    return { sent: true };
  });
}
