// Limits on mail and heavy work (issue 31 item 4, docs/decisions/0038): every action that sends a
// mail or queues heavy work on someone's request counts against a per-account and a per-recipient
// limit (an hour and a day), held in the database (send_log) so that every instance shares them.
// The check and the row that counts the send are written under a transaction-scoped advisory lock
// per subject, so parallel requests can never pass a limit together: of N requests at once at most
// the limit's worth are accepted. The caller answers a refusal with 429 and a translated text
// (`sendLimitText`), and sends or queues nothing.
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Locale } from '~/shared/locales';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { inTransaction } from '../credits/ledger';
import { serverMessage } from '../i18n/messages';

export interface SendLimit {
  perHour: number;
  perDay: number;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Password reset mails a day per account (the one mechanism below; the variable is older). */
export const RESET_MAILS_PER_DAY = Number(process.env.RESET_MAILS_PER_DAY ?? 3);

/**
 * The limits of decision 0038, the same for each subject an action counts against (the account
 * that asks and the address or thing it goes to). docs/api.md "Limits on mail and heavy work".
 */
export const SEND_LIMITS = {
  /** "Send a new activation e-mail" (/complete-signup). */
  activation: { perHour: 3, perDay: 10 },
  /** A confirmation link to a new address (POST /api/mail-change.php, /notifications). */
  mail_change: { perHour: 3, perDay: 10 },
  /** A reset link (the account and its address are one subject). */
  password_reset: { perHour: Math.min(3, RESET_MAILS_PER_DAY), perDay: RESET_MAILS_PER_DAY },
  /** A data export (POST /account/export): a large one is a job that zips every photo. */
  data_export: { perHour: 3, perDay: 10 },
  /** An operator invitation (/operator/team), per inviting operator and per invited address. */
  operator_invitation: { perHour: 10, perDay: 30 },
  /** The receipt of a complaint (/complaints) to the address the form names. */
  complaint_receipt: { perHour: 3, perDay: 10 },
  /** News to all members (/operator/news): per tenant, and the same text once a day. */
  news: { perHour: 3, perDay: 5 },
} as const satisfies Record<string, SendLimit>;

export type SendAction = keyof typeof SEND_LIMITS;

/** The subjects a send counts against; each is limited on its own. */
export const sendSubject = {
  account: (userId: number) => `account:${userId}`,
  operator: (operatorId: number) => `operator:${operatorId}`,
  /** An address, hashed: send_log keeps no addresses. */
  recipient: (email: string) => `to:${crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32)}`,
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  /** The content of something sent to many (a news post's texts). */
  content: (text: string) => `content:${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 32)}`,
};

export type SendSlot = { ok: true } | { ok: false; retryAfter: number };

/** Thrown to roll back a transaction whose send was refused (the caller answers 429). */
export class SendRefused extends Error {
  constructor(readonly retryAfter: number) {
    super(`send limit: retry after ${retryAfter} s`);
  }
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Takes one send of `action` for every subject, or none when any subject is at its limit (then
 * `retryAfter` is the seconds until the oldest counted send leaves the window that is full). Inside
 * the caller's transaction when given one (the count then commits with the mail), else in its own.
 */
export async function takeSendSlot(db: Db, tenantId: string, action: SendAction, subjects: readonly string[], limit: SendLimit = SEND_LIMITS[action]): Promise<SendSlot> {
  const keys = [...new Set(subjects)].sort();
  const run = async (trx: Transaction<DB>): Promise<SendSlot> => {
    // Sorted, so that two requests naming the same subjects lock them in the same order.
    for (const key of keys) await sql`select pg_advisory_xact_lock(hashtextextended(${`send:${tenantId}:${action}:${key}`}, 0))`.execute(trx);
    const at = now();
    const dayAgo = new Date(at.getTime() - DAY_MS);
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    let retryAfter = 0;
    for (const key of keys) {
      const rows = await trx
        .selectFrom('send_log')
        .select('created_at')
        .where('tenant_id', '=', tenantId)
        .where('action', '=', action)
        .where('subject', '=', key)
        .where('created_at', '>', dayAgo)
        .orderBy('created_at', 'desc')
        .limit(Math.max(limit.perDay, limit.perHour))
        .execute();
      const times = rows.map((row) => new Date(row.created_at).getTime());
      const lastHour = times.filter((time) => time > hourAgo.getTime());
      if (lastHour.length >= limit.perHour) retryAfter = Math.max(retryAfter, lastHour[limit.perHour - 1]! + HOUR_MS - at.getTime());
      if (times.length >= limit.perDay) retryAfter = Math.max(retryAfter, times[limit.perDay - 1]! + DAY_MS - at.getTime());
    }
    if (retryAfter > 0) return { ok: false, retryAfter: Math.max(1, Math.ceil(retryAfter / 1000)) };
    await trx
      .insertInto('send_log')
      .values(keys.map((subject) => ({ tenant_id: tenantId, action, subject, created_at: at })))
      .execute();
    return { ok: true };
  };
  return inTransaction(db, run);
}

/** The translated text of a refusal: the wait in minutes, or in hours beyond an hour and a half. */
export function sendLimitText(locale: Locale, retryAfter: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return minutes <= 90 ? serverMessage(locale, 'api.error.sendLimit', { minutes }) : serverMessage(locale, 'api.error.sendLimitHours', { hours: Math.ceil(minutes / 60) });
}

/** Counted sends older than the longest window are of no use: the daily retention round deletes them. */
export async function forgetOldSends(db: Db): Promise<number> {
  const deleted = await db.deleteFrom('send_log').where('created_at', '<', new Date(now().getTime() - 2 * DAY_MS)).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
