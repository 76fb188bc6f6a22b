// Sends the postbacks networks are owed (docs/decisions/0028), on the job queue: a drain job
// (postbacks.send, stately) runs when a row is written and every minute. Due rows are claimed with
// a lease (FOR UPDATE SKIP LOCKED), so parallel drains never send a row twice. Each try is logged in
// postback_attempts with its HTTP status; a failed try is retried with exponential backoff on the
// app clock (2, 4, 8 … s) up to POSTBACK_MAX_ATTEMPTS, then the row is failed. A row whose network
// has no template for its event (the tenant file changed, or the network is paid for less) is skipped.
import http from 'node:http';
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB, PostbacksTable } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import type { Tenant } from '../tenants/schema';
import type { Selectable } from 'kysely';
import { onPostbackQueued } from './record';
import { decimalAmount, renderTemplate } from './templates';
import { outboundRequest } from '../http/outbound';

export const POSTBACK_MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;

type Row = Selectable<PostbacksTable>;

export interface PostbackDeps {
  tenant: (id: string) => Tenant | undefined;
  /** This server's own address (http://127.0.0.1:port), for the demo's /dev/postbacks templates. */
  selfOrigin: () => string | null;
  log?: (message: string) => void;
}

/** Backoff after the n-th failed try (1-based): 2^n seconds. */
export function retryDelayMs(attempts: number): number {
  return 2 ** attempts * 1000;
}

async function macroValues(db: Kysely<DB>, row: Row) {
  const visit = row.visit_id ? await db.selectFrom('visits').select(['click_id', 'ref', 'sub1', 'sub2', 'sub3']).where('id', '=', row.visit_id).executeTakeFirst() : undefined;
  return {
    click_id: visit?.click_id ?? '',
    sub1: visit?.sub1 ?? '',
    sub2: visit?.sub2 ?? '',
    sub3: visit?.sub3 ?? '',
    event: row.event,
    amount: decimalAmount(row.amount),
    currency: row.currency ?? '',
    order_number: row.order_number ?? '',
    // The network the postback is for, and the publisher's ref that networks key payouts on (issue 34 item 20).
    network: row.network,
    ref: visit?.ref ?? '',
  };
}

/** A path template goes to this server itself, under the tenant's own domain. */
function getOwnSite(url: string, tenant: Tenant): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { host: tenant.settings.domain }, timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

/**
 * Sends one postback (docs/decisions/0037). A path template (the demo network's /dev/postbacks)
 * goes to this server itself, which has an own address only outside a real production start. Any
 * other URL is the marketer's: https only in a real production start (http:// only where the server
 * has an own address: demo, development, tests), and through the outbound agent, which refuses to
 * connect to our own network whatever the name resolves to.
 */
async function send(url: string, tenant: Tenant, selfOrigin: string | null): Promise<number> {
  if (url.startsWith('/')) {
    if (!selfOrigin) throw new Error('no own address for a /dev/postbacks template');
    return getOwnSite(`${selfOrigin}${url}`, tenant);
  }
  if (!url.startsWith('https://') && !selfOrigin) throw new Error('postback URLs must be https:// in production');
  // Networks answer a word or two; redirects are not followed.
  return (await outboundRequest(url, { timeoutMs: TIMEOUT_MS })).status;
}

/** Sends every due postback once; resolves with the number sent. */
export async function sendDuePostbacks(db: Kysely<DB>, deps: PostbackDeps): Promise<number> {
  const at = now();
  const { rows: due } = await sql<Row>`
    update postbacks set next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
    where id in (select id from postbacks where status = 'pending' and next_attempt_at <= ${at} order by id limit 20 for update skip locked)
    returning *`.execute(db);
  let sent = 0;
  for (const row of due.sort((a, b) => a.id - b.id)) {
    const tenant = deps.tenant(row.tenant_id);
    const template = tenant?.postbacks[row.network]?.[row.event];
    if (!tenant || !template) {
      await db.updateTable('postbacks').set({ status: 'skipped', last_error: 'no template for this network and event' }).where('id', '=', row.id).execute();
      continue;
    }
    const url = renderTemplate(template, await macroValues(db, row));
    const attempt = row.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await send(url, tenant, deps.selfOrigin());
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (failure) {
      error = (failure as Error).message.slice(0, 500);
    }
    await db.insertInto('postback_attempts').values({ postback_id: row.id, attempt, url, http_status: status, error, ok: error === null, at: now() }).execute();
    if (error === null) {
      await db.updateTable('postbacks').set({ status: 'sent', url, attempts: attempt, sent_at: now(), last_error: null }).where('id', '=', row.id).execute();
      sent++;
    } else {
      await db
        .updateTable('postbacks')
        .set({ status: attempt >= POSTBACK_MAX_ATTEMPTS ? 'failed' : 'pending', url, attempts: attempt, last_error: error, next_attempt_at: new Date(now().getTime() + retryDelayMs(attempt)) })
        .where('id', '=', row.id)
        .execute();
      deps.log?.(`postback ${row.id} (${row.network} ${row.event}) failed, try ${attempt}: ${error}`);
    }
  }
  return sent;
}

/** The postback worker of a server: drains on every new row and every minute. */
export async function startPostbackWorker(db: Kysely<DB>, jobs: JobQueue, deps: PostbackDeps): Promise<{ stop: () => Promise<void> }> {
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = () => (running ??= sendDuePostbacks(db, deps).finally(() => (running = null)));
  const stopWorking = await jobs.work('postbacks.send', async () => {
    if (!stopped) await runOnce();
  });
  await jobs.schedule('postbacks.send', '* * * * *');
  // The row may be written inside its cause's transaction: the drain starts a second later, after the commit.
  const unsubscribe = onPostbackQueued(() => {
    if (!stopped) void jobs.send('postbacks.send', {}, { startAfter: 1 }).catch((error: Error) => deps.log?.(`postbacks.send: ${error.message}`));
  });
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      await stopWorking();
      await running?.catch(() => 0);
    },
  };
}
