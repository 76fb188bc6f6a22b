// Mail feedback (issue 24 item 3, docs/decisions/0024-notifications.md): what the mail provider
// tells us about delivered notification mails, posted to POST /api/mail-feedback.php.
// - a JSON event `{ "event": "hard_bounce" | "soft_bounce" | "complaint", "recipient": "…" }` (or
//   `{ "events": [ … ] }`, up to 100),
// - or the raw report as the provider received it: a DSN (RFC 3464, multipart/report;
//   report-type=delivery-status) or an ARF complaint (RFC 5965, report-type=feedback-report),
//   parsed with mailparser.
// A hard bounce (DSN Action: failed with a 5.x.x status) adds the reason `bounce`, a complaint adds
// `fbl`, to every member of the receiving tenant with that address: no notification mail goes there
// again (notifications/activity.ts and reminders.ts skip members with a disabled reason). A soft
// bounce (Action: delayed, or a 4.x.x status) changes nothing: the mail server retries.
import { simpleParser } from 'mailparser';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';

export type FeedbackKind = 'hard_bounce' | 'soft_bounce' | 'complaint';
export interface FeedbackEvent {
  kind: FeedbackKind;
  recipient: string;
}

const Email = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));
const JsonEvent = z.object({ event: z.enum(['hard_bounce', 'soft_bounce', 'complaint']), recipient: Email });
export const FeedbackJsonSchema = z.union([JsonEvent.transform((e) => [e]), z.object({ events: z.array(JsonEvent).min(1).max(100) }).transform((b) => b.events)]);

/** JSON events as feedback (null: not the documented shape). */
export function feedbackFromJson(value: unknown): FeedbackEvent[] | null {
  const parsed = FeedbackJsonSchema.safeParse(value);
  return parsed.success ? parsed.data.map((e) => ({ kind: e.event, recipient: e.recipient })) : null;
}

/** Groups of `Field: value` lines (continuation lines folded), as in a delivery-status or feedback-report part. */
function fieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line.trim() === '') {
      if (current.size) groups.push(current);
      current = new Map();
      last = null;
    } else if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
    } else {
      const match = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
      if (!match) continue;
      last = match[1]!.toLowerCase();
      if (!current.has(last)) current.set(last, match[2]!.trim());
    }
  }
  if (current.size) groups.push(current);
  return groups;
}

/** The address of `rfc822; a@b`, `<a@b>` or `Name <a@b>`, lower-cased (null: none). */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const bare = value.replace(/^\s*rfc822\s*;/i, '').trim();
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(bare);
  const candidate = (angled ? angled[1]! : bare.split(/[\s,]/)[0]!).trim();
  const parsed = Email.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/**
 * A raw DSN or ARF report as feedback: [] for a report that names nobody or is of another kind,
 * null when it is no multipart/report at all.
 */
export async function feedbackFromReport(raw: string | Buffer): Promise<FeedbackEvent[] | null> {
  let mail;
  try {
    mail = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  } catch {
    return null;
  }
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== 'multipart/report') return null;
  const reportType = type.params?.['report-type']?.toLowerCase();
  const part = (contentType: string) => mail.attachments.find((a) => a.contentType.toLowerCase() === contentType)?.content.toString('utf8');

  if (reportType === 'delivery-status') {
    const status = part('message/delivery-status');
    if (!status) return [];
    // The first group is about the message (Reporting-MTA, …); each further one about one recipient.
    const events: FeedbackEvent[] = [];
    for (const group of fieldGroups(status)) {
      const recipient = addressOf(group.get('final-recipient') ?? group.get('original-recipient'));
      const action = group.get('action')?.toLowerCase();
      if (!recipient || !action) continue;
      const code = /^([245])\.\d{1,3}\.\d{1,3}/.exec(group.get('status') ?? '')?.[1];
      if (action === 'failed' && code === '5') events.push({ kind: 'hard_bounce', recipient });
      else if (action === 'failed' || action === 'delayed') events.push({ kind: 'soft_bounce', recipient });
    }
    return events;
  }

  if (reportType === 'feedback-report') {
    const report = part('message/feedback-report');
    const fields = report ? fieldGroups(report)[0] : undefined;
    const feedbackType = fields?.get('feedback-type')?.toLowerCase();
    // abuse, fraud, virus: a complaint about our mail; not-spam and other kinds are not.
    if (!fields || !feedbackType || !['abuse', 'fraud', 'virus', 'other'].includes(feedbackType)) return [];
    // Original-Rcpt-To is optional (RFC 5965 §3.2): else the To of the returned message — its
    // headers as text/rfc822-headers, or an inline message/rfc822 that mailparser reads into the text.
    const headers = part('text/rfc822-headers') ?? part('message/rfc822') ?? mail.text ?? '';
    const to = fieldGroups(headers).find((group) => group.has('to'))?.get('to');
    const recipient = addressOf(fields.get('original-rcpt-to')) ?? addressOf(to);
    return recipient ? [{ kind: 'complaint', recipient }] : [];
  }
  return [];
}

/** Adds a disabled reason to the members matched (once: a reason already there stays single). */
export async function addDisabledReason(db: Kysely<DB>, tenant: Tenant, reason: 'bounce' | 'fbl' | 'listunsubscribe', match: { email: string } | { unsubscribeToken: string }): Promise<number[]> {
  const rows = await db
    .updateTable('users')
    .set({ notifications_disabled: sql<string[]>`case when ${reason} = any(notifications_disabled) then notifications_disabled else array_append(notifications_disabled, ${reason}::text) end` })
    .where('tenant_id', '=', tenant.id)
    .where((eb) =>
      'email' in match
        ? eb(eb.fn('lower', ['email']), '=', match.email.toLowerCase())
        : eb('id', '=', eb.selectFrom('notification_state').select('user_id').where('unsubscribe_token', '=', match.unsubscribeToken).where('tenant_id', '=', tenant.id)),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface FeedbackResult {
  /** Hard bounces and complaints that disabled mail to a member of this tenant. */
  disabled: number;
  /** Soft bounces and addresses of no member here: nothing changed. */
  ignored: number;
}

/** Applies the events to the tenant's members (called with the tenant of the host that received them). */
export async function applyMailFeedback(db: Kysely<DB>, tenant: Tenant, events: FeedbackEvent[]): Promise<FeedbackResult> {
  const result: FeedbackResult = { disabled: 0, ignored: 0 };
  for (const event of events) {
    if (event.kind === 'soft_bounce') {
      result.ignored++;
      continue;
    }
    const ids = await addDisabledReason(db, tenant, event.kind === 'hard_bounce' ? 'bounce' : 'fbl', { email: event.recipient });
    if (ids.length) result.disabled += ids.length;
    else result.ignored++;
  }
  return result;
}
