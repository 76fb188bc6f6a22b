// Issue 45 (docs/decisions/0063): postbacks are sent per site and network, each lane with its own
// concurrency and backoff, so a network whose endpoint hangs delays no other network's postbacks and
// no other site's — on PGlite and PostgreSQL, with two receivers on 127.0.0.1 (one never answers).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { now } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { startJobQueue, type JobQueue } from '~/.server/jobs/queue';
import { LANE_CONCURRENCY, startPostbackWorker } from '~/.server/postbacks/worker';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';

interface Receiver {
  port: number;
  /** Query strings received, in order. */
  received: string[];
  /** Requests held open (the hanging receiver). */
  open: http.ServerResponse[];
  close: () => Promise<void>;
}

async function receiver(hang: boolean): Promise<Receiver> {
  const received: string[] = [];
  const open: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    received.push(new URL(req.url ?? '/', 'http://x').search);
    if (hang) open.push(res);
    else res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    open,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const all = loadTenants('tenants');

describe.each(databaseKinds)('postback lanes on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let jobs: JobQueue;
  let hanging: Receiver;
  let healthy: Receiver;
  let sites: Record<string, Tenant>;
  const previous = process.env.OUTBOUND_ALLOW_PRIVATE;

  beforeAll(async () => {
    // The receivers are on loopback: the documented opt-in for local sinks (docs/decisions/0037).
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    ({ database, drop } = await migratedDatabase(kind));
    [hanging, healthy] = [await receiver(true), await receiver(false)];
    const flirt = all.find((t) => t.id === 'flirtlokaal')!;
    const bella = all.find((t) => t.id === 'bellacurva')!;
    sites = {
      // On FlirtLokaal, slownet's endpoint hangs; fastnet's answers.
      [flirt.id]: { ...flirt, postbacks: { slownet: { lead: `http://127.0.0.1:${hanging.port}/pb?site=flirt&n={sub1}` }, fastnet: { lead: `http://127.0.0.1:${healthy.port}/pb?site=flirt&net=fast&n={sub1}` } } },
      // On BellaCurva the same network name has an endpoint of its own that answers.
      [bella.id]: { ...bella, postbacks: { slownet: { lead: `http://127.0.0.1:${healthy.port}/pb?site=bella&net=slow&n={sub1}` } } },
    };
    jobs = await startJobQueue(database.db, { pollingSeconds: 0.5, cron: false });
  });

  afterAll(async () => {
    await Promise.all([hanging.close(), healthy.close()]);
    await jobs.stop();
    await database.close();
    await drop();
    if (previous === undefined) delete process.env.OUTBOUND_ALLOW_PRIVATE;
    else process.env.OUTBOUND_ALLOW_PRIVATE = previous;
  });

  let subject = 0;
  async function owe(tenantId: string, network: string, sub1: string) {
    const at = now();
    const visit = await database.db
      .insertInto('visits')
      .values({ tenant_id: tenantId, click_id: `c${++subject}`, network, sub1, lander: 'video', path: '/landers/video', user_agent_class: 'desktop', visitor_key: `k${subject}`, visitor_id: `v${subject}`, target_key: 't', created_at: at, last_seen_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('postbacks').values({ tenant_id: tenantId, event: 'lead', subject: `member:${subject}`, network, visit_id: visit.id, next_attempt_at: at, created_at: at } as never).execute();
  }

  it('sends other networks\' and other sites\' postbacks while one network\'s endpoint hangs', async () => {
    for (let i = 0; i < 20; i++) await owe('flirtlokaal', 'slownet', `slow${i}`);
    const worker = await startPostbackWorker(database.db, jobs, { tenant: (id) => sites[id], selfOrigin: () => 'http://127.0.0.1:1' });
    try {
      worker.pump();
      // slownet's lane is full: its endpoint holds every request of the lane open.
      await vi.waitFor(() => expect(hanging.open).toHaveLength(LANE_CONCURRENCY), { timeout: 10_000, interval: 20 });
      await owe('flirtlokaal', 'fastnet', 'fast1');
      await owe('bellacurva', 'slownet', 'bella1');
      worker.pump();
      await vi.waitFor(() => expect(healthy.received).toHaveLength(2), { timeout: 5_000, interval: 10 });
      expect(healthy.received).toEqual(expect.arrayContaining(['?site=flirt&net=fast&n=fast1', '?site=bella&net=slow&n=bella1']));
      // They went while every hanging request was still unanswered (the lane's timeout is 10 s), and the hanging network got no more than its lane's share.
      expect(hanging.open.every((res) => !res.writableEnded && !res.destroyed)).toBe(true);
      expect(hanging.received).toHaveLength(LANE_CONCURRENCY);
      const sent = async () => (await sql<{ network: string; tenant_id: string }>`select tenant_id, network from postbacks where status = 'sent' order by id`.execute(database.db)).rows;
      await vi.waitFor(async () => expect(await sent()).toHaveLength(2), { timeout: 5_000, interval: 10 });
      expect(await sent()).toEqual([
        { tenant_id: 'flirtlokaal', network: 'fastnet' },
        { tenant_id: 'bellacurva', network: 'slownet' },
      ]);
      expect(hanging.open.every((res) => !res.writableEnded && !res.destroyed)).toBe(true);
    } finally {
      // The hanging endpoint gives up: its tries fail and are retried later, with backoff.
      for (const res of hanging.open) res.destroy();
      await worker.stop();
    }
    const slow = await database.db.selectFrom('postbacks').select(['status', 'attempts', 'last_error']).where('network', '=', 'slownet').where('tenant_id', '=', 'flirtlokaal').where('attempts', '>', 0).execute();
    expect(slow).toHaveLength(LANE_CONCURRENCY);
    expect(slow.every((row) => row.status === 'pending' && row.last_error !== null)).toBe(true);
  });
});
