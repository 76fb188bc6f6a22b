// E-mail (DESIGN §8): composed in the member's language and branded for the tenant, written to the
// outbox in the same transaction as its cause, sent by a worker with retries through nodemailer
// (SMTP_URL), or kept in the development outbox when no SMTP server is configured.
import type { Kysely, Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { buildTheme } from '../../../themes';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import type { Tenant } from '../tenants/schema';
import type { Locale } from '~/shared/locales';

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderMail(tenant: Tenant, locale: Locale, content: MailContent): { html: string; text: string } {
  const { colors } = buildTheme(tenant.settings.niche, { colors: tenant.theme.colors });
  const footer = serverMessage(locale, 'mail.footer', { site: tenant.settings.name, company: tenant.company.name, address: `${tenant.company.address}, ${tenant.company.city}` });
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(content.subject)}</title></head>
<body style="margin:0;background:${colors.secondary};font-family:Arial,Helvetica,sans-serif;color:${colors.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden" cellpadding="0" cellspacing="0">
<tr><td style="background:${colors.dark};color:${colors.onDark};padding:18px 24px;font-size:22px;font-weight:bold">${escape(tenant.theme.logo?.text ?? tenant.settings.name)}</td></tr>
<tr><td style="padding:28px 24px 8px"><h1 style="margin:0 0 16px;font-size:22px">${escape(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${escape(p)}</p>`).join('\n')}
${content.action ? `<p style="margin:24px 0"><a href="${escape(content.action.url)}" style="display:inline-block;background:${colors.primary};color:${colors.onPrimary};padding:12px 24px;border-radius:999px;font-weight:bold;text-decoration:none">${escape(content.action.label)}</a></p><p style="font-size:13px;color:${colors.textMuted};word-break:break-all">${escape(content.action.url)}</p>` : ''}
${content.footnote ? `<p style="font-size:13px;color:${colors.textMuted}">${escape(content.footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px 24px;font-size:12px;color:${colors.textMuted}">${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    footer,
  ].join('\n');
  return { html, text };
}

/** Writes a mail to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(
  db: Kysely<DB> | Transaction<DB>,
  tenant: Tenant,
  input: { kind: string; to: string; locale: Locale; content: MailContent },
): Promise<void> {
  const { html, text } = renderMail(tenant, input.locale, input.content);
  const at = now();
  await db
    .insertInto('mail_outbox')
    .values({
      tenant_id: tenant.id,
      kind: input.kind,
      to_address: input.to,
      from_address: `"${tenant.settings.mail_name.replace(/"/g, '')}" <${tenant.settings.support_email}>`,
      subject: input.content.subject,
      html,
      text,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

const MAX_ATTEMPTS = 8;

export interface MailWorker {
  /** Sends what is due now; resolves with the number sent. */
  runOnce(): Promise<number>;
  poke(): void;
  stop(): Promise<void>;
}

/** Sends due mails every few seconds and on poke(); failures back off exponentially, up to 8 tries. */
export function startMailWorker(db: Kysely<DB>, options: { smtpUrl?: string; intervalMs?: number; log?: (m: string) => void }): MailWorker {
  const transporter: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true }); // development outbox: kept in the table only
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sendDue(): Promise<number> {
    let sent = 0;
    // Claim due mails with a 5-minute lease (FOR UPDATE SKIP LOCKED), so several server instances
    // never send the same mail twice; a crashed sender's lease simply runs out.
    const at = now();
    const due = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(at.getTime() + 5 * 60_000) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', at)
          .orderBy('id')
          .limit(20)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
    for (const mail of due) {
      try {
        await transporter.sendMail({ from: mail.from_address, to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text });
        await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now(), attempts: mail.attempts + 1 }).where('id', '=', mail.id).execute();
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            last_error: (error as Error).message.slice(0, 500),
            next_attempt_at: new Date(now().getTime() + 2 ** attempts * 1000),
          })
          .where('id', '=', mail.id)
          .execute();
        options.log?.(`mail ${mail.id} to ${mail.to_address} failed (attempt ${attempts}): ${(error as Error).message}`);
      }
    }
    return sent;
  }

  const runOnce = () => {
    running ??= sendDue().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void runOnce().catch(() => {}), options.intervalMs ?? 3000);
  timer.unref();

  return {
    runOnce,
    poke: () => {
      if (!stopped) setImmediate(() => void runOnce().catch(() => {}));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transporter.close();
    },
  };
}
