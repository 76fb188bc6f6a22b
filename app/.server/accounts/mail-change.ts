// Changing the e-mail address (docs/product.md §5): the new address is confirmed by a link sent to it, which
// also confirms an account that was not confirmed yet.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { text, TEXT_LIMITS } from '~/shared/request-rules';
import { EMAIL_PATTERN } from '~/shared/signup-rules';
import type { Locale } from '~/shared/locales';
import type { DB, User } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { enqueueMail } from '../mail/mail';
import type { Tenant } from '../tenants/schema';
import { confirmAccount } from './activation';
import { sendSubject, takeSendSlot } from '../trust/send-limits';
import { consumeToken, createToken } from './tokens';

export const MailChangeSchema = z.object({ email: text(TEXT_LIMITS.email) });
/** The confirmation: the token from the mailed link, posted by the page's button. */
export const TokenSchema = z.object({ token: z.string().max(TEXT_LIMITS.token) });

export type MailChangeResult = { ok: true } | { ok: false; error: 'invalid' | 'taken' } | { ok: false; error: 'send_limit'; retryAfter: number };

async function addressTaken(db: Kysely<DB>, tenant: Tenant, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  return row !== undefined;
}

export async function requestMailChange(
  db: Kysely<DB>,
  tenant: Tenant,
  user: User,
  input: { email?: unknown; origin: string; locale: Locale },
): Promise<MailChangeResult> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase().slice(0, 254) : '';
  if (!EMAIL_PATTERN.test(email)) return { ok: false, error: 'invalid' };
  if (await addressTaken(db, tenant, email)) return { ok: false, error: 'taken' };
  return db.transaction().execute(async (trx): Promise<MailChangeResult> => {
    // At most a few links an hour to any one address and from any one account (docs/decisions/0038).
    const slot = await takeSendSlot(trx, tenant.id, 'mail_change', [sendSubject.account(user.id), sendSubject.recipient(email)]);
    if (!slot.ok) return { ok: false, error: 'send_limit', retryAfter: slot.retryAfter };
    const token = await createToken(trx, { tenantId: tenant.id, userId: user.id, kind: 'mail_change', payload: { email } });
    const t = (id: string) => serverMessage(input.locale, id, { site: tenant.settings.name });
    await enqueueMail(trx, tenant, {
      kind: 'mail_change',
      priority: 'transactional',
      to: email,
      locale: input.locale,
      content: {
        subject: t('mail.mailChange.subject'),
        heading: t('mail.mailChange.heading'),
        paragraphs: [t('mail.mailChange.body')],
        action: { label: t('mail.mailChange.action'), url: `${input.origin}/mail-change/do?token=${encodeURIComponent(token)}` },
      },
    });
    return { ok: true };
  });
}

export type MailChangeConfirmResult = { ok: true } | { ok: false; error: 'invalid_link' | 'taken' };

export async function confirmMailChange(db: Kysely<DB>, tenant: Tenant, token: string): Promise<MailChangeConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, { tenantId: tenant.id, kind: 'mail_change', token });
    const email = typeof used?.payload?.email === 'string' ? used.payload.email : null;
    if (!used || !email) return { ok: false, error: 'invalid_link' } as const;
    if (await addressTaken(trx, tenant, email)) return { ok: false, error: 'taken' } as const;
    await trx.updateTable('users').set({ email }).where('id', '=', used.userId).where('tenant_id', '=', tenant.id).execute();
    // The member just proved they own the new address: that confirms an account still waiting for it.
    await confirmAccount(trx, tenant, used.userId);
    return { ok: true } as const;
  });
}
