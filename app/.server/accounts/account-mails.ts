// The account mails, in the member's language, linking to the host they signed up on.
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '~/shared/locales';
import type { DB } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { enqueueMail } from '../mail/mail';
import type { Tenant } from '../tenants/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function activationMail(db: Db, tenant: Tenant, input: { to: string; name: string; locale: Locale; origin: string; token: string }) {
  const t = (id: string, values: Record<string, string | number> = {}) => serverMessage(input.locale, id, { site: tenant.settings.name, name: input.name, ...values });
  return enqueueMail(db, tenant, {
    kind: 'activation',
    priority: 'transactional',
    to: input.to,
    locale: input.locale,
    content: {
      subject: t('mail.activation.subject'),
      heading: t('mail.activation.heading'),
      paragraphs: [t('mail.activation.body')],
      action: { label: t('mail.activation.action'), url: `${input.origin}/activate?token=${encodeURIComponent(input.token)}` },
      footnote: t('mail.activation.footnote'),
    },
  });
}

export function passwordResetMail(db: Db, tenant: Tenant, input: { to: string; name: string; locale: Locale; origin: string; token: string }) {
  const t = (id: string) => serverMessage(input.locale, id, { site: tenant.settings.name, name: input.name });
  return enqueueMail(db, tenant, {
    kind: 'password_reset',
    priority: 'transactional',
    to: input.to,
    locale: input.locale,
    content: {
      subject: t('mail.reset.subject'),
      heading: t('mail.reset.heading'),
      paragraphs: [t('mail.reset.body')],
      action: { label: t('mail.reset.action'), url: `${input.origin}/reset-password/do?token=${encodeURIComponent(input.token)}` },
      footnote: t('mail.reset.footnote'),
    },
  });
}
