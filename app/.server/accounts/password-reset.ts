// Password recovery and change (docs/product.md §5, §8): a reset link by mail (at most RESET_MAILS_PER_DAY a
// day per account), a new password twice, and changing it with the old one. A new password ends
// every other session.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { text, TEXT_LIMITS } from '~/shared/request-rules';
import type { Locale } from '~/shared/locales';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { passwordResetMail } from './account-mails';
import { hashPassword, verifyPassword } from './passwords';
import { destroyAllSessions } from './sessions';
import { RESET_MAILS_PER_DAY, sendSubject, takeSendSlot } from '../trust/send-limits';
import { consumeToken, createToken } from './tokens';

// One mechanism with every other limit on mail (docs/decisions/0038): send_log, per account.
export { RESET_MAILS_PER_DAY };
export const MIN_PASSWORD_LENGTH = 8;

/** Asking for a reset mail. */
export const ResetRequestSchema = z.object({ email: text(TEXT_LIMITS.email) });
/** Setting the new password with the mailed token. */
export const ResetSchema = z.object({
  token: z.string().max(TEXT_LIMITS.token),
  password: z.string().max(TEXT_LIMITS.password),
  password_confirm: z.string().max(TEXT_LIMITS.password),
});
/** A member changes the password. */
export const ChangePasswordSchema = z.object({ old_password: z.string().max(TEXT_LIMITS.password), password: z.string().max(TEXT_LIMITS.password) });

export type ResetRequestResult = { ok: true } | { ok: false; error: 'not_found' | 'too_many' };

export async function requestPasswordReset(
  db: Kysely<DB>,
  tenant: Tenant,
  input: { email: unknown; origin: string; locale: Locale },
): Promise<ResetRequestResult> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase().slice(0, 254) : '';
  const user = email
    ? await db
        .selectFrom('users')
        .leftJoin('profiles', 'profiles.id', 'users.profile_id')
        .select(['users.id', 'users.email', 'users.language', 'profiles.name'])
        .where('users.tenant_id', '=', tenant.id)
        .where('users.status', 'in', ['not_confirmed', 'confirmed'])
        .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
        .executeTakeFirst()
    : undefined;
  if (!user) return { ok: false, error: 'not_found' };
  return db.transaction().execute(async (trx): Promise<ResetRequestResult> => {
    // The account and its address are one subject here: the mail goes to the account's address.
    if (!(await takeSendSlot(trx, tenant.id, 'password_reset', [sendSubject.account(user.id)])).ok) return { ok: false, error: 'too_many' };
    // Only the newest link works: the older ones of this account are used up now.
    await trx.updateTable('account_tokens').set({ used_at: now() }).where('user_id', '=', user.id).where('kind', '=', 'password_reset').where('used_at', 'is', null).execute();
    const token = await createToken(trx, { tenantId: tenant.id, userId: user.id, kind: 'password_reset' });
    await passwordResetMail(trx, tenant, { to: user.email, name: user.name ?? '', locale: input.locale, origin: input.origin, token });
    return { ok: true };
  });
}

export type ResetResult = { ok: true; userId: number } | { ok: false; error: 'mismatch' | 'too_short' | 'invalid_link' };

export async function resetPassword(
  db: Kysely<DB>,
  tenant: Tenant,
  input: { token?: unknown; password?: unknown; password_confirm?: unknown },
): Promise<ResetResult> {
  const password = typeof input.password === 'string' ? input.password : '';
  if (password !== input.password_confirm) return { ok: false, error: 'mismatch' };
  if (password.length < MIN_PASSWORD_LENGTH || password.length > 200) return { ok: false, error: 'too_short' };
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, { tenantId: tenant.id, kind: 'password_reset', token: String(input.token ?? '') });
    if (!used) return { ok: false, error: 'invalid_link' } as const;
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', used.userId).where('tenant_id', '=', tenant.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', used.userId).execute();
    return { ok: true, userId: used.userId } as const;
  });
}

export type ChangeResult = { ok: true } | { ok: false; error: 'wrong_old' | 'too_short' };

export async function changePassword(
  db: Kysely<DB>,
  user: User,
  input: { old_password?: unknown; password?: unknown },
): Promise<ChangeResult> {
  const password = typeof input.password === 'string' ? input.password : '';
  if (!(await verifyPassword(user.password_hash, typeof input.old_password === 'string' ? input.old_password : ''))) {
    return { ok: false, error: 'wrong_old' };
  }
  if (password.length < MIN_PASSWORD_LENGTH || password.length > 200) return { ok: false, error: 'too_short' };
  await db.updateTable('users').set({ password_hash: await hashPassword(password) }).where('id', '=', user.id).execute();
  await destroyAllSessions(db, user.id);
  return { ok: true };
}

export const RESET_MESSAGES = {
  not_found: 'reset.error.notFound',
  too_many: 'reset.error.tooMany',
  mismatch: 'reset.error.mismatch',
  too_short: 'signup.error.password',
  invalid_link: 'activation.error.body',
  wrong_old: 'password.error.wrongOld',
} as const;
