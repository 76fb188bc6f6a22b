// Sends the postbacks networks are owed (docs/decisions/0028, 0063). Each try is logged in
// postback_attempts with its HTTP status; a failed try is retried with exponential backoff on the app
// clock (2, 4, 8 … s) up to POSTBACK_MAX_ATTEMPTS, then the row is failed. A row whose network has no
// template for its event (the tenant file changed, or the network is paid for less) is skipped.
//
// Isolation (issue 45): postbacks are sent in lanes, one per site and network. A drain claims up to
// LANE_CONCURRENCY due rows of every lane that is not busy on this instance (FOR UPDATE SKIP LOCKED
// under a lease, so drains on other instances take other rows), sends each lane's rows at once and
// claims again for a lane as soon as that lane is done — so a network whose endpoint hangs holds only
// its own lane for its 10-s timeout, and every other network's and site's rows keep leaving. A lane
// whose whole batch failed also pauses on this instance (2, 4 … 300 s) on top of each row's own backoff.
// Drains run when a row is written (on the writing instance, once its transaction has committed),
// every minute by the job queue, and on other instances when a drain finds more than it can take
// (postbacks.send is stately per slot, as the outboxes are: jobs/outbox-worker.ts).
import http from 'node:http';
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB, PostbacksTable } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { metrics } from '../observability/metrics';
import type { Tenant } from '../tenants/schema';
import type { Selectable } from 'kysely';
import { onPostbackQueued } from './record';
import { decimalAmount, HTTPS_ONLY_IN_PRODUCTION, NO_OWN_ADDRESS, renderTemplate } from '../tenants/postback-templates';
import { outboundRequest } from '../net/outbound';

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
    if (!selfOrigin) throw new Error(NO_OWN_ADDRESS);
    return getOwnSite(`${selfOrigin}${url}`, tenant);
  }
  if (!url.startsWith('https://') && !selfOrigin) throw new Error(HTTPS_ONLY_IN_PRODUCTION);
  // Networks answer a word or two; redirects are not followed.
  return (await outboundRequest(url, { timeoutMs: TIMEOUT_MS })).status;
}

/** Rows in flight per lane (site and network) on one instance. */
export const LANE_CONCURRENCY = 8;
const SLOTS = 4;
const MAX_LANE_PAUSE_MS = 300_000;

const laneOf = (row: { tenant_id: string; network: string }) => `${row.tenant_id} ${row.network}`;

/** Claims up to `perLane` due rows of every lane not in `skip` (lane keys: "tenant network"). */
async function claimLanes(db: Kysely<DB>, skip: readonly string[], perLane: number): Promise<Row[]> {
  const at = now();
  const { rows } = await sql<Row>`
    with lanes as (
      select distinct tenant_id, network from postbacks
      where status = 'pending' and next_attempt_at <= ${at} and (tenant_id || ' ' || network) <> all(${sql.val([...skip])}::text[])
        -- A paused or archived site sends no postbacks; they wait, kept (docs/decisions/0066).
        and tenant_id not in (select id from tenant_sites where status <> 'active')
    )
    update postbacks p set next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
    from (
      select c.id from lanes l cross join lateral (
        select q.id from postbacks q
        where q.tenant_id = l.tenant_id and q.network = l.network and q.status = 'pending' and q.next_attempt_at <= ${at}
        order by q.id limit ${perLane} for update skip locked
      ) c
    ) picked
    where p.id = picked.id
    returning p.*`.execute(db);
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Sends one claimed row once and records the try; resolves with whether it was sent. */
async function sendRow(db: Kysely<DB>, deps: PostbackDeps, row: Row): Promise<'sent' | 'failed' | 'skipped'> {
  const tenant = deps.tenant(row.tenant_id);
  const template = tenant?.postbacks[row.network]?.[row.event];
  if (!tenant || !template) {
    await db.updateTable('postbacks').set({ status: 'skipped', last_error: 'no template for this network and event' }).where('id', '=', row.id).execute();
    return 'skipped';
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
    metrics.deliveries.inc({ channel: 'postback', result: 'sent' });
    return 'sent';
  }
  await db
    .updateTable('postbacks')
    .set({ status: attempt >= POSTBACK_MAX_ATTEMPTS ? 'failed' : 'pending', url, attempts: attempt, last_error: error, next_attempt_at: new Date(now().getTime() + retryDelayMs(attempt)) })
    .where('id', '=', row.id)
    .execute();
  metrics.deliveries.inc({ channel: 'postback', result: 'failed' });
  deps.log?.(`postback ${row.id} (${row.network} ${row.event}) failed, try ${attempt}: ${error}`);
  return 'failed';
}

/**
 * Sends claimed rows: one click's events in order (a network expects the lead before the sale),
 * different clicks at once.
 */
async function sendRows(db: Kysely<DB>, deps: PostbackDeps, rows: readonly Row[]): Promise<('sent' | 'failed' | 'skipped')[]> {
  const byVisit = new Map<string, Row[]>();
  for (const row of rows) {
    const key = row.visit_id === null ? `row:${row.id}` : String(row.visit_id);
    byVisit.set(key, [...(byVisit.get(key) ?? []), row]);
  }
  const results = await Promise.all(
    [...byVisit.values()].map(async (visitRows) => {
      const out: ('sent' | 'failed' | 'skipped')[] = [];
      for (const row of visitRows) out.push(await sendRow(db, deps, row));
      return out;
    }),
  );
  return results.flat();
}

/** Sends one batch of every lane's due postbacks (all lanes at once); resolves with the number sent. */
export async function sendDuePostbacks(db: Kysely<DB>, deps: PostbackDeps): Promise<number> {
  const results = await sendRows(db, deps, await claimLanes(db, [], LANE_CONCURRENCY));
  return results.filter((result) => result === 'sent').length;
}

/**
 * The lived-in demo's history (seed/demo-history.ts, issue 45): what the replayed past still owes a
 * network happened weeks ago, so it is recorded as delivered then — one successful try a few seconds
 * after the row, received by the demo network's /dev/postbacks at that moment — and the first
 * postback a newcomer causes is the first one the worker sends. Only rows of `tenant` still pending.
 */
export async function recordPastDeliveries(db: Kysely<DB>, tenant: Tenant): Promise<number> {
  const rows = await db.selectFrom('postbacks').selectAll().where('tenant_id', '=', tenant.id).where('status', '=', 'pending').orderBy('id').execute();
  for (const row of rows) {
    const template = tenant.postbacks[row.network]?.[row.event];
    const at = new Date(new Date(row.created_at).getTime() + 2000);
    if (!template) {
      await db.updateTable('postbacks').set({ status: 'skipped', last_error: 'no template for this network and event' }).where('id', '=', row.id).execute();
      continue;
    }
    const url = renderTemplate(template, await macroValues(db, row));
    await db.insertInto('postback_attempts').values({ postback_id: row.id, attempt: row.attempts + 1, url, http_status: 200, error: null, ok: true, at }).execute();
    await db.updateTable('postbacks').set({ status: 'sent', url, attempts: row.attempts + 1, sent_at: at, last_error: null }).where('id', '=', row.id).execute();
    if (url.startsWith('/dev/postbacks')) await db.insertInto('dev_postbacks').values({ tenant_id: tenant.id, query: url.split('?')[1]?.slice(0, 2000) ?? '', received_at: at }).execute();
  }
  return rows.length;
}

export interface PostbackWorker {
  /** Claims and starts what is due now in every idle lane of this instance. */
  pump(): void;
  /** Resolves once nothing is due or in flight on this instance. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** The postback worker of a server: lanes per site and network, drained on every new row and every minute. */
export async function startPostbackWorker(db: Kysely<DB>, jobs: JobQueue, deps: PostbackDeps): Promise<PostbackWorker> {
  let stopped = false;
  const busy = new Map<string, Promise<void>>();
  const paused = new Map<string, { until: number; failures: number }>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let idle: { promise: Promise<void>; resolve: () => void } | null = null;

  const settleIdle = () => {
    if (!claiming && busy.size === 0 && idle) {
      idle.resolve();
      idle = null;
    }
  };

  const runLane = (lane: string, rows: Row[]) => {
    const done = sendRows(db, deps, rows)
      .then((results) => {
        if (results.every((result) => result === 'failed')) {
          const failures = (paused.get(lane)?.failures ?? 0) + 1;
          paused.set(lane, { failures, until: Date.now() + Math.min(MAX_LANE_PAUSE_MS, retryDelayMs(failures)) });
        } else paused.delete(lane);
      })
      .catch((error: Error) => deps.log?.(`postbacks: ${error.message}`))
      .finally(() => {
        busy.delete(lane);
        // The lane's next rows (or anything that came due meanwhile) at once.
        pump();
        settleIdle();
      });
    busy.set(lane, done);
  };

  const claim = async () => {
    do {
      again = false;
      const at = Date.now();
      const skip = [...busy.keys(), ...[...paused].filter(([, pause]) => pause.until > at).map(([lane]) => lane)];
      const rows = await claimLanes(db, skip, LANE_CONCURRENCY);
      const lanes = new Map<string, Row[]>();
      for (const row of rows) lanes.set(laneOf(row), [...(lanes.get(laneOf(row)) ?? []), row]);
      for (const [lane, laneRows] of lanes) runLane(lane, laneRows);
      // A lane with a full batch has more waiting: other instances may take a share.
      if ([...lanes.values()].some((laneRows) => laneRows.length >= LANE_CONCURRENCY)) fanOut();
    } while (again && !stopped);
  };

  function pump() {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claim()
      .catch((error: Error) => deps.log?.(`postbacks: ${error.message}`))
      .finally(() => {
        claiming = null;
        settleIdle();
      });
  }

  const drain = () => {
    pump();
    if (!claiming && busy.size === 0) return Promise.resolve();
    if (!idle) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      idle = { promise, resolve };
    }
    return idle.promise;
  };

  const fanOut = () => {
    for (let slot = 1; slot < SLOTS; slot++) void jobs.send('postbacks.send', {}, { singletonKey: `slot-${slot}` }).catch((error: Error) => deps.log?.(`postbacks.send: ${error.message}`));
  };

  const stopWorking = await jobs.work('postbacks.send', async () => {
    if (!stopped) await drain();
  });
  await jobs.schedule('postbacks.send', '* * * * *');
  // The row may be written inside its cause's transaction: claim a moment later, and again a second
  // later for a transaction that took longer (a claim that finds nothing costs one indexed query).
  const unsubscribe = onPostbackQueued(() => {
    for (const delay of [250, 1000]) setTimeout(pump, delay).unref();
  });
  return {
    pump,
    drain,
    async stop() {
      stopped = true;
      unsubscribe();
      await stopWorking();
      await claiming;
      await Promise.all(busy.values());
    },
  };
}
