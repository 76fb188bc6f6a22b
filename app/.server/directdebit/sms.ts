// SMS (docs/architecture.md §8): written to sms_outbox in the same transaction as its cause, sent by the outbox
// worker through a generic HTTP gateway when SMS_URL is set (a JSON POST {to, text}; any 2xx is
// success, anything else is retried), else kept in the development outbox (/dev/sms), which is never
// served in a real production start (there direct debit answers sms_unavailable instead).
import type { Kysely, Selectable, Transaction } from 'kysely';
import { now } from '../clock';
import type { DB, SmsOutboxTable } from '../db/schema';
import { startOutboxWorker, type OutboxWorker } from '../jobs/outbox-worker';
import type { JobQueue } from '../jobs/queue';
import { PRIORITY_RANK, type Priority } from '../jobs/priority';
import type { Tenant } from '../tenants/schema';
import { plainRequest } from '../net/outbound';

export type SmsWorker = OutboxWorker;

/** Writes an SMS to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueSms(db: Kysely<DB> | Transaction<DB>, tenant: Tenant, input: { kind: string; priority: Priority; to: string; text: string }): Promise<void> {
  const at = now();
  await db.insertInto('sms_outbox').values({ tenant_id: tenant.id, kind: input.kind, priority: PRIORITY_RANK[input.priority], to_phone: input.to, text: input.text, next_attempt_at: at, created_at: at, last_error: null, sent_at: null }).execute();
}

/** POSTs {to, text} to the gateway; a gateway that does not answer within 10 s counts as a failure. */
export async function sendThroughGateway(url: string, sms: { to: string; text: string }): Promise<void> {
  // Not through the outbound guard (docs/decisions/0069 addendum, item 21): the gateway is the
  // operator's own configuration, like SMTP_URL, and may be an internal relay on a private address.
  const response = await plainRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ to: sms.to, text: sms.text }),
    timeoutMs: 10_000,
  });
  if (response.status < 200 || response.status > 299) throw new Error(`SMS gateway answered ${response.status}`);
}

export function startSmsWorker(db: Kysely<DB>, jobs: JobQueue, options: { smsUrl?: string | undefined; log?: (m: string) => void }): Promise<SmsWorker> {
  const { smsUrl } = options;
  return startOutboxWorker<Selectable<SmsOutboxTable>>(db, jobs, {
    table: 'sms_outbox',
    job: 'sms.outbox',
    // Without a gateway the row stays readable on /dev/sms: "sent" to the development outbox.
    deliver: smsUrl ? (sms) => sendThroughGateway(smsUrl, { to: sms.to_phone, text: sms.text }) : async () => {},
    describe: (sms) => `SMS ${sms.id}`,
    log: options.log,
  });
}
