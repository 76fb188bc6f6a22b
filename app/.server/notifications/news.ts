// News (docs/product.md §9 kind `news`; issue 24, docs/decisions/0024-notifications.md): a tenant announcement
// composed in the operator console (/operator/news) by an operator with the `marketing` or `admin`
// role of that tenant. The operator writes the text (subject and body) in the tenant's default
// language and, optionally, in any other of the eleven; each member gets the text in their own
// language when there is one, else the default one. A preview renders the very mail a member of a
// chosen language would get; "send to all" stores the post and queues one `news.send` job, which
// mails a batch of members and queues the next batch (the fan-out runs through the queue, a batch
// at a time, on whichever instance takes it). Each member's copy is sent once (notification_log
// key `post:<id>`), only when `news` is on and no disabled reason is set.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { LOCALES, isLocale, type Locale } from '~/shared/locales';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import type { JobQueue } from '../jobs/queue';
import { renderMail, type MailContent } from '../mail/mail';
import type { OperatorActor } from '../operators/operator';
import { hasRole } from '../operators/roles';
import type { Tenant } from '../tenants/schema';
import { SendRefused, sendSubject, takeSendSlot } from '../trust/send-limits';
import { mailOnce, type RoundDeps } from './rounds';

export const NEWS_LIMITS = { subject: 120, body: 5000 } as const;
/** Members mailed per news.send job. */
export const NEWS_BATCH = 200;

export interface NewsText {
  subject: string;
  body: string;
}

export interface NewsInput {
  default_locale: Locale;
  texts: Partial<Record<Locale, NewsText>>;
}

export type NewsError = 'forbidden' | 'no_default_text';

/** The roles that may write and send a tenant's news. */
export function maySendNews(operator: OperatorActor, tenant: Tenant): boolean {
  return hasRole(operator, tenant.id, 'marketing') || hasRole(operator, tenant.id, 'admin');
}

const trimmed = (max: number) => z.string().trim().max(max).optional().default('');

/** The composer's form: default_locale, subject_<locale> and body_<locale>; a language with neither is left out. */
export const NewsFormSchema = z
  .object({
    intent: z.enum(['preview', 'send']),
    default_locale: z.enum(LOCALES),
    preview_locale: z.enum(LOCALES).optional(),
    ...Object.fromEntries(LOCALES.flatMap((locale) => [[`subject_${locale}`, trimmed(NEWS_LIMITS.subject)], [`body_${locale}`, trimmed(NEWS_LIMITS.body)]])),
  })
  .transform((form) => {
    const values = form as unknown as Record<string, string>;
    const texts: Partial<Record<Locale, NewsText>> = {};
    for (const locale of LOCALES) {
      const subject = values[`subject_${locale}`] ?? '';
      const body = values[`body_${locale}`] ?? '';
      if (subject || body) texts[locale] = { subject, body };
    }
    return { intent: form.intent, input: { default_locale: form.default_locale, texts } as NewsInput, previewLocale: form.preview_locale ?? form.default_locale };
  });

/** The text a member of `locale` gets: theirs when written (subject and body), else the default one. */
export function newsTextFor(input: NewsInput, locale: Locale): NewsText | null {
  const own = input.texts[locale];
  if (own?.subject && own.body) return own;
  const fallback = input.texts[input.default_locale];
  return fallback?.subject && fallback.body ? fallback : null;
}

export function newsMail(tenant: Tenant, locale: Locale, origin: string, text: NewsText): MailContent {
  return {
    subject: text.subject,
    heading: text.subject,
    paragraphs: text.body.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean),
    action: { label: serverMessage(locale, 'news.mail.action', { site: tenant.settings.name }), url: `${origin}/` },
  };
}

function check(operator: OperatorActor, tenant: Tenant, input: NewsInput): NewsError | null {
  if (!maySendNews(operator, tenant)) return 'forbidden';
  const text = input.texts[input.default_locale];
  return text?.subject && text.body ? null : 'no_default_text';
}

/** The mail a member of `locale` would get, as HTML (the composer's preview). */
export function previewNews(tenant: Tenant, operator: OperatorActor, input: NewsInput, locale: Locale, origin: string): { ok: true; subject: string; html: string; fallback: boolean } | { ok: false; error: NewsError } {
  const error = check(operator, tenant, input);
  if (error) return { ok: false, error };
  const text = newsTextFor(input, locale)!;
  const content = newsMail(tenant, locale, origin, text);
  const footnote = serverMessage(locale, 'notify.footnote', { settings: `${origin}/notifications` });
  const { html } = renderMail(tenant, locale, { ...content, footnote, unsubscribe: { label: serverMessage(locale, 'notify.unsubscribe.link'), url: `${origin}/unsubscribe/…` } });
  return { ok: true, subject: text.subject, html, fallback: !(input.texts[locale]?.subject && input.texts[locale]?.body) };
}

/** Stores the post and queues its fan-out; resolves with the post id and how many members may get it now. */
export async function sendNews(
  db: Kysely<DB>,
  tenant: Tenant,
  operator: OperatorActor,
  input: NewsInput,
  jobs: JobQueue,
): Promise<{ ok: true; post: number; members: number } | { ok: false; error: NewsError } | { ok: false; error: 'send_limit'; retryAfter: number }> {
  const error = check(operator, tenant, input);
  if (error) return { ok: false, error };
  let post: { id: number };
  try {
    post = await db.transaction().execute(async (trx) => {
      // The same texts once a day (a second click, a second tab), and a few posts a day per tenant
      // (docs/decisions/0038): each is a mail to every member.
      const content = await takeSendSlot(trx, tenant.id, 'news', [sendSubject.content(JSON.stringify([input.default_locale, input.texts]))], { perHour: 1, perDay: 1 });
      if (!content.ok) throw new SendRefused(content.retryAfter);
      const slot = await takeSendSlot(trx, tenant.id, 'news', [sendSubject.tenant(tenant.id)]);
      if (!slot.ok) throw new SendRefused(slot.retryAfter);
      return trx
        .insertInto('news_posts')
        .values({ tenant_id: tenant.id, operator_id: operator.id, texts: JSON.stringify(input.texts) as never, default_locale: input.default_locale, created_at: now(), sent_at: now(), recipients: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
  } catch (refusal) {
    if (refusal instanceof SendRefused) return { ok: false, error: 'send_limit', retryAfter: refusal.retryAfter };
    throw refusal;
  }
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('tenant_id', '=', tenant.id)
    .where('status', 'in', ['confirmed', 'not_confirmed'])
    .where((eb) => eb.not(eb(eb.val('news'), '=', eb.fn.any('notifications_disabled'))))
    .where((eb) => eb.not(eb('notifications_disabled', '&&', eb.val(['fbl', 'bounce', 'listunsubscribe']))))
    .executeTakeFirstOrThrow();
  await jobs.send('news.send', { tenant: tenant.id, post: post.id, after: 0 }, { singletonKey: `news-${post.id}-0` });
  return { ok: true, post: post.id, members: Number(count) };
}

/** One news.send job: mails the next batch of the tenant's members after `after`, then queues the batch after it. */
export async function deliverNewsBatch(db: Kysely<DB>, deps: RoundDeps & { jobs?: JobQueue }, job: { tenant: string; post: number; after: number }): Promise<{ sent: number; next: number | null }> {
  const post = await db.selectFrom('news_posts').selectAll().where('id', '=', job.post).where('tenant_id', '=', job.tenant).executeTakeFirst();
  if (!post) return { sent: 0, next: null };
  const input: NewsInput = { default_locale: isLocale(post.default_locale) ? post.default_locale : 'en', texts: post.texts as NewsInput['texts'] };
  const members: User[] = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', job.tenant)
    .where('id', '>', job.after)
    .where('status', 'in', ['confirmed', 'not_confirmed'])
    .orderBy('id')
    .limit(NEWS_BATCH)
    .execute();
  let sent = 0;
  for (const user of members) {
    const ok = await mailOnce(db, deps, user, { kind: 'news', key: `post:${post.id}` }, ({ tenant, locale, origin }) => {
      const text = newsTextFor(input, locale);
      return text ? newsMail(tenant, locale, origin, text) : null;
    });
    if (ok) sent++;
  }
  if (sent) await db.updateTable('news_posts').set((eb) => ({ recipients: eb('recipients', '+', sent) })).where('id', '=', post.id).execute();
  const last = members.at(-1)?.id;
  const next = members.length === NEWS_BATCH && last !== undefined ? last : null;
  if (next !== null && deps.jobs) await deps.jobs.send('news.send', { tenant: job.tenant, post: post.id, after: next }, { singletonKey: `news-${post.id}-${next}` });
  return { sent, next };
}

export interface NewsPostSummary {
  id: number;
  subject: string;
  languages: string[];
  sent_at: string | null;
  recipients: number;
}

/** The tenant's last news posts, for the composer's list. */
export async function listNews(db: Kysely<DB>, tenant: Tenant, operator: OperatorActor): Promise<NewsPostSummary[] | null> {
  if (!maySendNews(operator, tenant)) return null;
  const rows = await db.selectFrom('news_posts').selectAll().where('tenant_id', '=', tenant.id).orderBy('id', 'desc').limit(20).execute();
  return rows.map((row) => {
    const texts = row.texts as NewsInput['texts'];
    return {
      id: row.id,
      subject: texts[row.default_locale as Locale]?.subject ?? '',
      languages: Object.keys(texts),
      sent_at: row.sent_at?.toISOString() ?? null,
      recipients: row.recipients ?? 0,
    };
  });
}
