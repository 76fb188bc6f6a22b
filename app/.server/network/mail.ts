// The network console's one mail: the login code (second step of every login). It goes through the
// same outbox as every tenant's mail (the outbox worker sends it), under no tenant's name or brand.
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import type { Locale } from '~/shared/locales';
import { NETWORK_MAIL_KIND, NETWORK_MAIL_TENANT } from './staff';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function enqueueNetworkCode(db: Kysely<DB>, input: { to: string; code: string; locale: Locale; from: string }): Promise<void> {
  const subject = serverMessage(input.locale, 'network.mail.subject', { code: input.code });
  const body = serverMessage(input.locale, 'network.mail.body', { code: input.code });
  const at = now();
  await db
    .insertInto('mail_outbox')
    .values({
      tenant_id: NETWORK_MAIL_TENANT,
      kind: NETWORK_MAIL_KIND,
      to_address: input.to,
      from_address: input.from,
      subject,
      html: `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif"><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${input.code}</p><p>${escape(body)}</p></body></html>`,
      text: `${input.code}\n\n${body}\n`,
      next_attempt_at: at,
      created_at: at,
      headers: null,
    })
    .execute();
}

/** The network's mails for the development outbox on the admin host, newest first. */
export function networkOutbox(db: Kysely<DB>) {
  return db.selectFrom('mail_outbox').select(['id', 'to_address', 'subject', 'text', 'created_at', 'status']).where('tenant_id', '=', NETWORK_MAIL_TENANT).orderBy('id', 'desc').limit(50).execute();
}
