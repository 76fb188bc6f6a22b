// The network console's one mail: the login code (second step of every login). It goes through the
// same outbox as every tenant's mail (the outbox worker sends it), under no tenant's name or brand.
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { PRIORITY_RANK } from '../jobs/priority';
import { serverMessage } from '../i18n/messages';
import type { Locale } from '~/shared/locales';
import { NETWORK_MAIL_KIND, NETWORK_MAIL_TENANT } from './staff';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function enqueueNetworkCode(db: Kysely<DB>, input: { to: string; code: string; locale: Locale; from: string }): Promise<void> {
  const subject = serverMessage(input.locale, 'network.mail.subject', { code: input.code });
  const body = serverMessage(input.locale, 'network.mail.body', { code: input.code });
  await enqueueNetworkMail(db, input, NETWORK_MAIL_KIND, subject, `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${input.code}</p><p>${escape(body)}</p>`, `${input.code}\n\n${body}\n`);
}

/** One of the network's own mails into the ordinary outbox, under no tenant's name. */
async function enqueueNetworkMail(db: Kysely<DB>, input: { to: string; from: string; locale: Locale }, kind: string, subject: string, bodyHtml: string, text: string): Promise<void> {
  const at = now();
  await db
    .insertInto('mail_outbox')
    .values({
      tenant_id: NETWORK_MAIL_TENANT,
      kind,
      // A login code: someone is waiting for it (jobs/priority.ts).
      priority: PRIORITY_RANK.transactional,
      to_address: input.to,
      from_address: input.from,
      subject,
      html: `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif">${bodyHtml}</body></html>`,
      text,
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

/** The invitation of a new staff member (network/staff-admin.ts): the one-time set-password link, in the language the inviting admin uses. */
export async function enqueueNetworkInvite(db: Kysely<DB>, input: { to: string; name: string; inviter: string; url: string; locale: Locale; from: string }): Promise<void> {
  const subject = serverMessage(input.locale, 'network.invite.subject');
  const body = serverMessage(input.locale, 'network.invite.body', { name: input.name, inviter: input.inviter, hours: 72 });
  const action = serverMessage(input.locale, 'network.invite.action');
  const button = `<p><a href="${escape(input.url)}" style="display:inline-block;padding:12px 20px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escape(action)}</a></p>`;
  await enqueueNetworkMail(db, input, 'network_invite', subject, `<p>${escape(body)}</p>${button}`, `${body}\n\n${action}: ${input.url}\n`);
}
