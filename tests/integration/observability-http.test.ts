// Issue 33 item 3 over HTTP against the built server (docs/decisions/0045-observability.md): one JSON
// log line per request with request id, tenant, route pattern, status, duration and member id, and
// never a password, a session cookie, a token or a message's text; Prometheus metrics on their own
// port (METRICS_PORT) with request-duration histograms by route pattern and tenant, open event
// streams, job queues, reconciliation lag, deliveries, payments, pool use and event-loop delay;
// /readyz 200 while the database, Redis and the store answer, 503 while draining after SIGTERM, when
// Redis is unreachable and when the database is gone.
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream';
import { buyCredits, MEMBER_PASSWORD, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

const TENANT = 'flirtlokaal';

interface LogLine {
  level: string;
  msg: string;
  module?: string;
  reqId?: string;
  route?: string;
  tenant?: string;
  status?: number;
  duration_ms?: number;
  member_id?: number;
  req?: { method?: string };
  job?: string;
}

function logLines(server: RunningServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const metricsPortOf = (server: RunningServer) => Number(/metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(server.output())?.[1]);

function get(port: number, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
}

async function untilMetricsPort(server: RunningServer): Promise<number> {
  await expect.poll(() => metricsPortOf(server), { timeout: 20_000 }).toBeGreaterThan(0);
  return metricsPortOf(server);
}

describe('observability of one instance', () => {
  let server: RunningServer;
  let host = '';
  let origin = '';
  let bea: TestMember;
  let carl: TestMember;
  const secretText = 'Meet me at the old lighthouse 7f3a9c';

  beforeAll(async () => {
    server = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback', METRICS_PORT: '0', LOG_LEVEL: 'info' });
    host = `${TENANT}.localhost:${server.port}`;
    origin = `http://${host}`;
    bea = await signUpMember(server, TENANT, { name: 'ObsBea', country: 'NL', gender: 'female', seeking: 'both', ip: '10.33.0.1' });
    carl = await signUpMember(server, TENANT, { name: 'ObsCarl', country: 'NL', gender: 'male', seeking: 'both', ip: '10.33.0.2' });
    await buyCredits(server, TENANT, bea);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('writes one JSON line per request with request id, tenant, route pattern, status, duration and member id', async () => {
    const res = await request(server.port, host, `/members/${carl.profileId}`, { headers: { cookie: `locale=en; ${bea.session}` } });
    expect(res.status).toBe(200);
    const requestId = String(res.headers['x-request-id']);
    await expect.poll(() => logLines(server).some((line) => line.reqId === requestId)).toBe(true);
    const line = logLines(server).find((entry) => entry.reqId === requestId)!;
    expect(line).toMatchObject({ module: 'http', route: '/members/:id', tenant: TENANT, status: 200, req: { method: 'GET' } });
    expect(line.member_id).toEqual(expect.any(Number));
    expect(line.duration_ms).toEqual(expect.any(Number));
    // The raw path (an id, or elsewhere a token) is not in the line.
    expect(JSON.stringify(line)).not.toContain(`/members/${carl.profileId}`);
    // Jobs write a line per run too.
    await expect.poll(() => logLines(server).some((entry) => entry.module === 'jobs' && typeof entry.job === 'string'), { timeout: 30_000 }).toBe(true);
  });

  it('never logs a password, a session cookie, a token or a message text', async () => {
    const login = await request(server.port, host, '/api/user.php', {
      method: 'POST',
      body: JSON.stringify({ email: bea.email, password: MEMBER_PASSWORD }),
      headers: { 'content-type': 'application/json', origin, cookie: 'locale=en', authorization: 'Bearer not-a-real-token-5d1e' },
    });
    expect(login.status).toBe(200);
    const newSession = String(login.headers['set-cookie']).split(';')[0]!;
    const sent = await request(server.port, host, '/api/message.php', {
      method: 'POST',
      body: JSON.stringify({ profile: carl.profileId, text: secretText }),
      headers: { 'content-type': 'application/json', origin, cookie: `locale=en; ${newSession}` },
    });
    expect(sent.status).toBe(201);
    const requestId = String(sent.headers['x-request-id']);
    await expect.poll(() => logLines(server).some((line) => line.reqId === requestId)).toBe(true);
    expect(logLines(server).find((line) => line.reqId === requestId)).toMatchObject({ route: '/api/message.php', status: 201, member_id: expect.any(Number) });

    const output = server.output();
    expect(output).not.toContain(MEMBER_PASSWORD);
    expect(output).not.toContain(bea.session.split('=')[1]!);
    expect(output).not.toContain(newSession.split('=')[1]!);
    expect(output).not.toContain('not-a-real-token-5d1e');
    expect(output).not.toContain(secretText);
    // The activation links' tokens (requested by signUpMember) are not logged either.
    expect(output).not.toMatch(/activate\?token=/);
  });

  it('serves Prometheus metrics on METRICS_PORT: histograms by route pattern and tenant, streams, queues, payments, pool, event loop', async () => {
    const port = await untilMetricsPort(server);
    const stream = await openEventStream(server.port, host, { cookie: bea.session });
    expect(stream.status).toBe(200);
    try {
      await request(server.port, host, `/members/${carl.profileId}`, { headers: { cookie: `locale=en; ${bea.session}` } });
      const { status, text } = await get(port, '/metrics');
      expect(status).toBe(200);
      expect(text).toMatch(new RegExp(`rendezvous_http_request_duration_seconds_bucket\\{le="[\\d.]+",route="/members/:id",tenant="${TENANT}",method="GET",status="200"\\}`));
      expect(text).toMatch(/rendezvous_http_request_duration_seconds_count\{route="\/api\/message\.php",tenant="flirtlokaal",method="POST",status="201"\} 1/);
      // Bounded labels: never a raw path with an id.
      expect(text).not.toMatch(/route="\/members\/\d+"/);
      expect(text).toMatch(/^rendezvous_event_streams_open [1-9]/m);
      expect(text).toMatch(/^rendezvous_job_queue_depth\{queue="mail\.outbox"\} \d+/m);
      expect(text).toMatch(/^rendezvous_job_queue_oldest_seconds\{queue="payments\.reconcile"\} [\d.e+-]+/m);
      expect(text).toMatch(/^rendezvous_payments_reconciliation_lag_seconds [\d.e+-]+/m);
      // The outboxes (issue 45): sends of the last minute and failures of the day, per outbox.
      for (const outbox of ['mail', 'sms', 'postbacks']) {
        expect(text).toMatch(new RegExp(`^rendezvous_outbox_sent_per_second\\{outbox="${outbox}"\\} [\\d.e+-]+`, 'm'));
        expect(text).toMatch(new RegExp(`^rendezvous_outbox_failed_24h\\{outbox="${outbox}"\\} \\d+`, 'm'));
      }
      expect(text).toMatch(/^rendezvous_payments\{tenant="flirtlokaal",status="paid"\} 1/m);
      expect(text).toMatch(/^rendezvous_deliveries_total\{channel="mail",result="sent"\} [1-9]/m);
      expect(text).toMatch(/^rendezvous_db_pool_connections\{state="active"\} \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+/m);
      // The application port does not serve them.
      expect((await request(server.port, host, '/metrics')).text).not.toContain('rendezvous_http_request_duration_seconds');
    } finally {
      stream.close();
    }
  });

  it('says ready on /readyz (app and metrics port) while the database and the store answer; /healthz stays', async () => {
    const app = await request(server.port, host, '/readyz');
    expect(app.status).toBe(200);
    expect(app.json()).toMatchObject({ ready: true, draining: false, checks: { database: 'ok', store: 'ok' } });
    expect((await get(metricsPortOf(server), '/readyz')).status).toBe(200);
    expect((await request(server.port, host, '/healthz')).status).toBe(200);
  });
});

describe('readiness', () => {
  it('turns 503 at once on SIGTERM while the instance drains, and the instance still stops', async () => {
    const server = await startServer({ SKIP_SEED: '1', METRICS_PORT: '0', DRAIN_DELAY_MS: '4000' });
    try {
      const metricsPort = await untilMetricsPort(server);
      expect((await request(server.port, 'localhost', '/readyz')).status).toBe(200);
      server.process.kill('SIGTERM');
      await expect.poll(async () => (await request(server.port, 'localhost', '/readyz')).status).toBe(503);
      const draining = await request(server.port, 'localhost', '/readyz');
      expect(draining.json()).toMatchObject({ ready: false, draining: true });
      expect((await get(metricsPort, '/readyz')).status).toBe(503);
      // Requests are still answered while draining.
      expect((await request(server.port, 'localhost', '/healthz')).status).toBe(200);
      await new Promise((resolve) => server.process.once('exit', resolve));
      expect(server.process.exitCode).toBe(0);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('turns 503 when Redis does not answer', async () => {
    const server = await startServer({ SKIP_SEED: '1', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await request(server.port, 'localhost', '/readyz');
      expect(res.status).toBe(503);
      expect(res.json<{ ready: boolean; checks: Record<string, string> }>()).toMatchObject({ ready: false, checks: { database: 'ok', store: 'ok' } });
      expect(res.json<{ checks: Record<string, string> }>().checks.redis).not.toBe('ok');
    } finally {
      await server.stop();
    }
  }, 180_000);

  it.skipIf(!process.env.DATABASE_URL)('turns 503 when the database is gone (PostgreSQL behind a connection we cut)', async () => {
    const target = new URL(process.env.DATABASE_URL!);
    // A TCP relay to PostgreSQL: the server's database is reachable through it until it closes.
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayPort = (relay.address() as net.AddressInfo).port;
    const name = `rdv_test_readyz_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(target);
    url.pathname = `/${name}`;
    url.host = `127.0.0.1:${relayPort}`;
    const server = await startServer({ SKIP_SEED: '1', DATABASE_URL: url.toString() });
    try {
      expect((await request(server.port, 'localhost', '/readyz')).status).toBe(200);
      // Queries in flight when the connection goes: a connection in use whose socket dies emits
      // 'error' on its client, which ended the process while nothing listened (pg-pool listens to idle ones only).
      let flowing = true;
      const traffic = Array.from({ length: 8 }, async () => {
        while (flowing) await request(server.port, 'flirtlokaal.localhost', '/api/members.php').catch(() => {});
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      relay.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 500));
      flowing = false;
      await Promise.all(traffic);
      expect(server.process.exitCode).toBeNull();
      const gone = await request(server.port, 'localhost', '/readyz');
      expect(gone.status).toBe(503);
      expect(gone.json<{ checks: Record<string, string> }>().checks.database).not.toBe('ok');
      expect((await request(server.port, 'localhost', '/healthz')).status).toBe(503);
    } catch (error) {
      // The server's own last lines say why (a full run once failed here with ECONNRESET: the process had ended).
      console.error(`server exit code ${server.process.exitCode}; its last lines:\n${server.output().split('\n').slice(-25).join('\n')}`);
      throw error;
    } finally {
      await server.stop('SIGKILL', { keepData: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 180_000);
});
