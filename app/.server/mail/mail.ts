// E-mail (docs/architecture.md §8): composed in the member's language and branded for the tenant, written to the
// outbox in the same transaction as its cause, sent by the outbox worker (jobs/outbox-worker.ts, on the job queue) with
// retries through nodemailer (SMTP_URL), or kept in the development outbox when no SMTP server is set.
import type { Kysely, Selectable, Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { buildTheme } from '../../../themes';
import { now } from '../clock';
import type { DB, MailOutboxTable } from '../db/schema';
import { DEFAULT_OUTBOX_CONCURRENCY, startOutboxWorker, type OutboxWorker } from '../jobs/outbox-worker';
import type { JobQueue } from '../jobs/queue';
import { PRIORITY_RANK, type Priority } from '../jobs/priority';
import { serverMessage } from '../i18n/messages';
import type { Tenant } from '../tenants/schema';
import type { Locale } from '~/shared/locales';

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  /** A picture above the heading (the sender's photo of a notification), absolute URL. */
  image?: { url: string; alt: string };
  /** A link under the footer (the one-click unsubscribe page of a notification). */
  unsubscribe?: { label: string; url: string };
  /**
   * Who gets it: a member (the footer names their account, the default), or an address someone gave
   * without an account — a visitor's complaint (issue 34 item 22).
   */
  recipient?: 'member' | 'contact';
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Who a mail comes from, as its frame shows it: the colours, the name in its header, its footer. */
export interface MailBrand {
  colors: { secondary: string; text: string; dark: string; onDark: string; primary: string; onPrimary: string; textMuted: string };
  name: string;
  footer: string;
}

export function renderMail(tenant: Tenant, locale: Locale, content: MailContent): { html: string; text: string } {
  const { colors } = buildTheme(tenant.settings.niche, { colors: tenant.theme.colors });
  const footer = serverMessage(locale, content.recipient === 'contact' ? 'mail.footerContact' : 'mail.footer', { site: tenant.settings.name, company: tenant.company.name, address: `${tenant.company.address}, ${tenant.company.city}` });
  return renderBrandedMail({ colors, name: tenant.theme.logo?.text ?? tenant.settings.name, footer }, locale, content);
}

/** A mail's HTML and text from its content, in a brand's frame (a site's, or the network console's: network/mail.ts). */
export function renderBrandedMail({ colors, name, footer }: MailBrand, locale: Locale, content: MailContent): { html: string; text: string } {
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(content.subject)}</title></head>
<body style="margin:0;background:${colors.secondary};font-family:Arial,Helvetica,sans-serif;color:${colors.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden" cellpadding="0" cellspacing="0">
<tr><td style="background:${colors.dark};color:${colors.onDark};padding:18px 24px;font-size:22px;font-weight:bold">${escape(name)}</td></tr>
${content.image ? `<tr><td style="padding:24px 24px 0"><img src="${escape(content.image.url)}" alt="${escape(content.image.alt)}" width="96" height="96" style="display:block;width:96px;height:96px;border-radius:50%;object-fit:cover"></td></tr>` : ''}
<tr><td style="padding:28px 24px 8px"><h1 style="margin:0 0 16px;font-size:22px">${escape(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${escape(p)}</p>`).join('\n')}
${content.action ? `<p style="margin:24px 0"><a href="${escape(content.action.url)}" style="display:inline-block;background:${colors.primary};color:${colors.onPrimary};padding:12px 24px;border-radius:999px;font-weight:bold;text-decoration:none">${escape(content.action.label)}</a></p><p style="font-size:13px;color:${colors.textMuted};word-break:break-all">${escape(content.action.url)}</p>` : ''}
${content.footnote ? `<p style="font-size:13px;color:${colors.textMuted}">${escape(content.footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px 24px;font-size:12px;color:${colors.textMuted}">${escape(footer)}${content.unsubscribe ? `<br><a href="${escape(content.unsubscribe.url)}" style="color:${colors.textMuted}">${escape(content.unsubscribe.label)}</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    footer,
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join('\n');
  return { html, text };
}

/** Writes a mail to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(
  db: Kysely<DB> | Transaction<DB>,
  tenant: Tenant,
  input: { kind: string; priority: Priority; to: string; locale: Locale; content: MailContent; headers?: Record<string, string> },
): Promise<void> {
  const { html, text } = renderMail(tenant, input.locale, input.content);
  const at = now();
  await db
    .insertInto('mail_outbox')
    .values({
      tenant_id: tenant.id,
      kind: input.kind,
      priority: PRIORITY_RANK[input.priority],
      to_address: input.to,
      from_address: `"${tenant.settings.mail_name.replace(/"/g, '')}" <${tenant.settings.support_email}>`,
      subject: input.content.subject,
      html,
      text,
      next_attempt_at: at,
      created_at: at,
      headers: input.headers ?? null,
    })
    .execute();
}

export type MailWorker = OutboxWorker;

/**
 * The SMTP transport of SMTP_URL as a pool of `connections` connections (docs/decisions/0063): one
 * connection per concurrent send of a drain, each kept open for message after message. Pool settings
 * already in the URL's query (?pool=…&maxConnections=…) are the operator's and win.
 */
export function pooledSmtpUrl(smtpUrl: string, connections: number): string {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = { pool: 'true', maxConnections: String(connections), maxMessages: 'Infinity' };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

/** Sends due mails through nodemailer (SMTP_URL, pooled), or keeps them in the development outbox. */
export function startMailWorker(db: Kysely<DB>, jobs: JobQueue, options: { smtpUrl?: string; log?: (m: string) => void; concurrency?: number }): Promise<MailWorker> {
  const concurrency = options.concurrency ?? DEFAULT_OUTBOX_CONCURRENCY;
  const transporter: Transporter = options.smtpUrl
    ? nodemailer.createTransport(pooledSmtpUrl(options.smtpUrl, concurrency))
    : nodemailer.createTransport({ jsonTransport: true }); // development outbox: kept in the table only
  return startOutboxWorker<Selectable<MailOutboxTable>>(db, jobs, {
    table: 'mail_outbox',
    job: 'mail.outbox',
    concurrency,
    deliver: async (mail) => {
      await transporter.sendMail({ from: mail.from_address, to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? undefined });
    },
    describe: (mail) => `mail ${mail.id} to ${mail.to_address}`,
    log: options.log,
    onStop: () => transporter.close(),
  });
}
