// The network console's mails: the login code (second step of every login) and a staff member's
// invitation. It goes through the
// same outbox as every tenant's mail (the outbox worker sends it), under no tenant's name or brand.
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { PRIORITY_RANK } from '../jobs/priority';
import { serverMessage } from '../i18n/messages';
import { renderBrandedMail, type MailBrand, type MailContent } from '../mail/mail';
import type { Locale } from '~/shared/locales';
import { NETWORK_COLORS } from '~/shared/network-colors';
import { NETWORK_MAIL_KIND, NETWORK_MAIL_TENANT } from './staff';

/** The console's own frame: its colours (app/network-console/theme.ts) under its name, no site's brand. */
function networkBrand(locale: Locale): MailBrand {
  const name = serverMessage(locale, 'network.title');
  return { colors: NETWORK_COLORS, name, footer: name };
}

export async function enqueueNetworkCode(db: Kysely<DB>, input: { to: string; code: string; locale: Locale; from: string }): Promise<void> {
  const subject = serverMessage(input.locale, 'network.mail.subject', { code: input.code });
  // The code is the heading: the first thing the mail shows, and the first line of its text.
  await enqueueNetworkMail(db, input, NETWORK_MAIL_KIND, { subject, heading: input.code, paragraphs: [serverMessage(input.locale, 'network.mail.body', { code: input.code })] });
}

/** One of the network's own mails into the ordinary outbox, under no tenant's name. */
async function enqueueNetworkMail(db: Kysely<DB>, input: { to: string; from: string; locale: Locale }, kind: string, content: MailContent): Promise<void> {
  const { html, text } = renderBrandedMail(networkBrand(input.locale), input.locale, content);
  const at = now();
  await db
    .insertInto('mail_outbox')
    .values({
      tenant_id: NETWORK_MAIL_TENANT,
      kind,
      // A login code or an invitation: someone is waiting for it (jobs/priority.ts).
      priority: PRIORITY_RANK.transactional,
      to_address: input.to,
      from_address: input.from,
      subject: content.subject,
      html,
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
  const paragraphs = [serverMessage(input.locale, 'network.invite.body', { name: input.name, inviter: input.inviter, hours: 72 })];
  await enqueueNetworkMail(db, input, 'network_invite', { subject, heading: subject, paragraphs, action: { label: serverMessage(input.locale, 'network.invite.action'), url: input.url } });
}
