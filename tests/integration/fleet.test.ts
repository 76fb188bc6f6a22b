// A fleet behind nginx (issue 33 items 1 and 2, issue 37; docs/deploy.md, decisions 0043 and 0044):
// `npm run fleet` (scripts/fleet.ts) with three instances on one PostgreSQL, one Redis and its own
// local S3-compatible store, started once for this file. Through the proxy: /readyz, live messages
// across instances, photos served by every instance, one instance killed under a steady stream of
// sends, a rolling restart, scheduled rounds once per fleet, a tenant file change reaching every
// instance and its render cache; and the message rate limit held across instances and a restart.
// Work the job queue hands out once for the fleet (issue 33 item 2): a member's large data export is
// built once, and a network's postbacks for a signup, its confirmation and a purchase made through
// the proxy reach a local receiver (OUTBOUND_ALLOW_PRIVATE) once each, with three instances' workers
// polling; and every mail of those members reaches the fleet's SMTP server once. The demo seeds once
// for the fleet (DEMO=1 is not set, but no SKIP_SEED either: the instances seed the demo profiles
// under the start lock, db/start-lock.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~/.server/db/database';
import { ROUNDS } from '~/.server/jobs/scheduled';
import { EXPORT_INLINE_LIMIT } from '~/.server/trust/export';
import { freePort } from '../../scripts/free-port';
import { databaseKinds } from '../support/databases';
import { openEventStream, type OpenStream } from '../support/event-stream';
import { buyCredits, MEMBER_PASSWORD, signUpMember, type TestMember } from '../support/members';
import { fitsNicheOf } from '../support/niche';
import { BROWSER_UA, request, type RunningServer } from '../support/server';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

const TENANT = 'flirtlokaal';
const fleetable = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

interface FleetState {
  pid: number;
  proxy: { port: number; pid: number };
  instances: { port: number; pid: number; state: 'running' | 'held'; log: string; metrics_port: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (polling), or fails with `what`. */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await Promise.resolve()
      .then(check)
      .catch(() => false))
      return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The member's live events through the proxy, as a browser's EventSource would keep them: when the
 * stream ends (its instance stopped or died) it opens again through the proxy with Last-Event-ID.
 */
function follow(port: number, host: string, member: TestMember) {
  const messages = new Set<number>();
  let refreshes = 0;
  let reconnects = 0;
  let lastEventId: string | null = null;
  let closed = false;
  let current: OpenStream | null = null;
  const done = (async () => {
    while (!closed) {
      let stream: OpenStream;
      try {
        stream = await openEventStream(port, host, { cookie: member.session, ...(lastEventId ? { lastEventId } : {}) });
      } catch {
        await sleep(200);
        continue;
      }
      current = stream;
      if (stream.status !== 200) {
        stream.close();
        await sleep(200);
        continue;
      }
      let seen = 0;
      let ended = false;
      void stream.ended.then(() => (ended = true));
      while (!closed) {
        for (; seen < stream.events.length; seen++) {
          const event = stream.events[seen]!;
          if (event.event === 'message') messages.add((event.data as { message: { id: number } }).message.id);
          if (event.event === 'refresh') refreshes++;
        }
        if (stream.lastEventId) lastEventId = stream.lastEventId;
        if (ended) break;
        await Promise.race([stream.ended, sleep(100)]);
      }
      stream.close();
      if (!closed) reconnects++;
    }
  })();
  return {
    messages,
    get refreshes() {
      return refreshes;
    },
    get reconnects() {
      return reconnects;
    },
    ready: () => until('the stream to open', () => current?.status === 200 && current.events.some((event) => event.event === 'ready' || event.event === 'refresh'), 30_000),
    async close() {
      closed = true;
      current?.close();
      await done;
    },
  };
}

describe.skipIf(!fleetable)(`a fleet behind nginx (npm run fleet)${fleetable ? '' : ' — skipped: a fleet needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis)'}`, () => {
  let fleet: ChildProcess;
  let output = '';
  let dataDir: string;
  let tenantsDir: string;
  let proxyPort: number;
  let database: { url?: string; drop: () => Promise<void> };
  let shared: Database;
  let members = 0;
  /** The local receiver of the fleetnet network's postbacks: every request it got, by path and query. */
  let sink: http.Server;
  const received: string[] = [];
  /** The fleet's SMTP server: the recipients of every mail it was handed. */
  let smtp: SmtpSink | undefined;

  const state = (): FleetState => JSON.parse(fs.readFileSync(path.join(dataDir, 'fleet.json'), 'utf8')) as FleetState;
  const at = (port: number) => ({ port }) as RunningServer;
  const host = (port: number) => `${TENANT}.localhost:${port}`;
  const call = (port: number, method: string, pathname: string, member?: TestMember, body?: unknown) =>
    request(port, host(port), pathname, {
      method,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(method !== 'GET' ? { origin: `http://${host(port)}` } : {}), ...(member ? { cookie: member.session } : {}) },
    });
  /** A member signed up at an instance (the proxy would make every signup come from one address). */
  async function member(name: string, gender: 'male' | 'female', credits = false): Promise<TestMember> {
    members++;
    const port = state().instances[members % 3]!.port;
    const who = await signUpMember(at(port), TENANT, { name: `${name}${members}`, country: 'NL', gender, seeking: 'both', ip: `10.33.7.${members}` });
    if (credits) await buyCredits(at(port), TENANT, who);
    return who;
  }
  async function instanceAnswers(port: number) {
    return (await request(port, host(port), '/healthz')).status === 200;
  }

  beforeAll(async () => {
    database = await databaseKinds.find((kind) => kind.name === 'postgres')!.create();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-fleet-'));
    // The tenant files of the fleet: a copy, so that the test can change one.
    tenantsDir = path.join(dataDir, 'tenants');
    fs.cpSync('tenants', tenantsDir, { recursive: true });
    // A network whose postbacks go to a receiver on this machine (the fleet opts in to private addresses).
    sink = http.createServer((req, res) => {
      received.push(req.url ?? '');
      res.end('OK');
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as { port: number }).port}/postback`;
    smtp = await startSmtpSink();
    const tenantFile = path.join(tenantsDir, `${TENANT}.json`);
    const tenantJson = JSON.parse(fs.readFileSync(tenantFile, 'utf8')) as { postbacks?: Record<string, Record<string, string>> };
    tenantJson.postbacks = { ...tenantJson.postbacks, fleetnet: Object.fromEntries(['lead', 'confirmed', 'sale'].map((event) => [event, `${sinkUrl}/{event}?click_id={click_id}&order={order_number}`])) };
    fs.writeFileSync(tenantFile, JSON.stringify(tenantJson, null, 2));
    proxyPort = await freePort();
    fleet = spawn(process.execPath, ['--import', 'tsx', 'scripts/fleet.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(proxyPort),
        INSTANCES: '3',
        DATA_DIR: dataDir,
        TENANTS_DIR: tenantsDir,
        DATABASE_URL: database.url,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
        SEARCH_INDEX_OFF: '1',
        EVENTS_HEARTBEAT_MS: '2000',
        // The postback receiver above is on 127.0.0.1 (docs/deploy.md: only for tests with a local sink).
        OUTBOUND_ALLOW_PRIVATE: '1',
        SMTP_URL: smtp.url,
        // The instances log (vitest's VITEST in the environment would silence them): the fleet reads their "listening on" line.
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    fleet.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    fleet.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until('the fleet to listen', () => fleet.exitCode !== null || /proxy listening on http:\/\/localhost:\d+/.test(output), 240_000).catch((error: Error) => {
      const logs = fs.readdirSync(dataDir).filter((name) => name.endsWith('.log'));
      throw new Error(`${error.message}\n${output}\n${logs.map((name) => `${name}:\n${fs.readFileSync(path.join(dataDir, name), 'utf8').slice(-2000)}`).join('\n')}`);
    });
    if (fleet.exitCode !== null) throw new Error(`the fleet exited with ${fleet.exitCode}:\n${output}`);
    shared = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  }, 300_000);

  afterAll(async () => {
    await shared?.close();
    if (fleet && fleet.exitCode === null) {
      const exited = new Promise((resolve) => fleet.once('exit', resolve));
      fleet.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    await new Promise((resolve) => (sink ? sink.close(resolve) : resolve(undefined)));
    await smtp?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('serves /readyz through nginx and writes fleet.json with its proxy and three instances, each logging to its file', async () => {
    const fleetState = state();
    expect(fleetState.proxy.port).toBe(proxyPort);
    expect(fleetState.proxy.pid).toBeGreaterThan(0);
    expect(fleetState.instances).toHaveLength(3);
    for (const instance of fleetState.instances) {
      expect(instance.pid).toBeGreaterThan(0);
      expect(fs.readFileSync(instance.log, 'utf8')).toMatch(/listening on http:\/\/localhost:(\d+)/);
      expect(await instanceAnswers(instance.port)).toBe(true);
    }
    const ready = await request(proxyPort, host(proxyPort), '/readyz');
    expect(ready.status).toBe(200);
    for (const instance of fleetState.instances) expect((await request(instance.metrics_port, '127.0.0.1', '/metrics')).text).toContain('# TYPE');
    // X-Forwarded-* come from the proxy, never from the client: a forged address is overwritten.
    const settings = await request(proxyPort, host(proxyPort), '/api/settings.php', { headers: { 'x-forwarded-host': 'unknown.example', 'x-forwarded-proto': 'https' } });
    expect(settings.status).toBe(200);
    const access = fs.readFileSync(path.join(dataDir, 'nginx', 'access.log'), 'utf8');
    const id = /"GET \/readyz HTTP\/1\.1" 200 .* id=([0-9a-f]{32})/.exec(access)?.[1];
    expect(id).toBeDefined();
    // The instance took nginx's request id as its own: one id names the request in both logs.
    expect(ready.headers['x-request-id']).toBe(id);
  });

  it('counts the message limit once for the fleet: 15 through one instance and 15 through another, with a restart between, are 20 accepted and 10 refused (issue 37)', async () => {
    const [a, b] = state().instances as [FleetState['instances'][number], FleetState['instances'][number]];
    const sender = await member('Rita', 'female', true);
    const receiver = await member('Ralf', 'male');
    const statuses: number[] = [];
    const send = async (port: number, i: number) => statuses.push((await call(port, 'POST', '/api/message.php', sender, { profile: receiver.profileId, text: `limit ${i}`, client_id: `limit-${i}` })).status);
    for (let i = 0; i < 15; i++) await send(a.port, i);
    // Instance A restarts (stopped, then started again on its port by the fleet): the count is in Redis, not in A.
    process.kill(a.pid, 'SIGTERM');
    await until('instance A to be held', () => state().instances[0]!.state === 'held', 30_000);
    process.kill(state().pid, 'SIGUSR2');
    await until('instance A to be back', () => state().instances[0]!.pid !== a.pid && instanceAnswers(a.port));
    for (let i = 15; i < 30; i++) await send(i % 2 ? b.port : a.port, i);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const stored = await shared.db.selectFrom('messages').select(sql<number>`count(*)::int`.as('n')).where('body', 'like', 'limit %').executeTakeFirstOrThrow();
    expect(stored.n).toBe(20);
  }, 180_000);

  it('delivers a message sent through any instance to a stream held through the proxy', async () => {
    const ann = await member('Ann', 'female', true);
    const bob = await member('Bob', 'male');
    const stream = await openEventStream(proxyPort, host(proxyPort), { cookie: bob.session });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    await stream.next((event) => event.event === 'ready' || event.event === 'refresh');
    // The stream lives on one instance; the messages go in through each of the three.
    for (const [i, instance] of state().instances.entries()) {
      const sent = await call(instance.port, 'POST', '/api/message.php', ann, { profile: bob.profileId, text: `via ${i}`, client_id: `via-${i}` });
      expect(sent.status).toBe(201);
      const id = sent.json<{ message: { id: number } }>().message.id;
      const event = await stream.next<{ message: { id: number; text: string } }>((e) => e.event === 'message' && (e.data as { message: { id: number } }).message.id === id, 15_000);
      expect(event.data.message.text).toBe(`via ${i}`);
    }
    stream.close();
  }, 120_000);

  it('serves a photo uploaded through the proxy from every instance', async () => {
    const cleo = await member('Cleo', 'female');
    const boundary = `----rdvfleet${Date.now()}`;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e6317a' } }).png().toBuffer();
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await request(proxyPort, host(proxyPort), '/api/photos.php', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: `http://${host(proxyPort)}`, cookie: cleo.session },
    });
    expect(upload.status).toBe(201);
    const photo = upload.json<{ photo: { filename: string; thumb_filename: string } }>().photo;
    const bodies: Buffer[] = [];
    for (const instance of state().instances) {
      for (const file of [photo.filename, photo.thumb_filename]) {
        const res = await request(instance.port, host(instance.port), file);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        if (file === photo.filename) bodies.push(res.body);
      }
    }
    for (const bytes of bodies) expect(bytes.equals(bodies[0]!)).toBe(true);
    expect((await request(proxyPort, host(proxyPort), photo.filename)).status).toBe(200);
  }, 120_000);

  let senders: TestMember[] = [];
  let receiver: TestMember;

  /** Sends `count` messages through the proxy, one every `everyMs`, each from the next sender, without waiting for answers; `during` runs meanwhile. */
  async function steadySends(label: string, count: number | (() => boolean), everyMs: number, during: (sent: number) => void) {
    const results: Promise<{ clientId: string; status: number; id: number | null }>[] = [];
    for (let i = 0; typeof count === 'number' ? i < count : count(); i++) {
      const from = senders[i % senders.length]!;
      const clientId = `${label}-${i}`;
      results.push(
        call(proxyPort, 'POST', '/api/message.php', from, { profile: receiver.profileId, text: `${label} ${i}`, client_id: clientId }).then(
          (res) => ({ clientId, status: res.status, id: res.status === 201 ? res.json<{ message: { id: number } }>().message.id : null }),
          () => ({ clientId, status: 0, id: null }),
        ),
      );
      during(i);
      await sleep(everyMs);
    }
    return Promise.all(results);
  }
  async function storedOnce(acknowledged: { id: number | null; clientId: string }[]) {
    const ids = acknowledged.map((result) => result.id!);
    const rows = await shared.db.selectFrom('messages').select(['id', 'client_id']).where('id', 'in', ids).execute();
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    // Stored once: no second row with the same client id.
    const clientIds = acknowledged.map((result) => result.clientId);
    const copies = await shared.db.selectFrom('messages').select(sql<number>`count(*)::int`.as('n')).where('client_id', 'in', clientIds).executeTakeFirstOrThrow();
    expect(copies.n).toBe(ids.length);
  }

  it('answers at least 38 of 40 sends with one instance killed (SIGKILL) under load, and every acknowledged message is stored once and reaches the other member', async () => {
    senders = [];
    for (let i = 0; i < 6; i++) senders.push(await member('Sam', 'female', true));
    receiver = await member('Rob', 'male');
    const live = follow(proxyPort, host(proxyPort), receiver);
    await live.ready();
    const victim = state().instances[2]!;
    const results = await steadySends('kill', 40, 200, (i) => {
      if (i === 12) process.kill(victim.pid, 'SIGKILL');
    });
    const acknowledged = results.filter((result) => result.status === 201);
    const failed = results.filter((result) => result.status !== 201).map((result) => `${result.clientId}: ${result.status}`);
    expect(acknowledged.length, `the sends that failed: ${failed.join(', ')}`).toBeGreaterThanOrEqual(38);
    await storedOnce(acknowledged);
    await until('every acknowledged message on the stream', () => acknowledged.every((result) => live.messages.has(result.id!)), 30_000).catch(() => {});
    const missing = acknowledged.filter((result) => !live.messages.has(result.id!));
    // A stream that resumed too late is told to refresh: then the chat (a refresh) has them all.
    if (missing.length) {
      expect(live.refreshes).toBeGreaterThan(0);
      const chat = await call(proxyPort, 'GET', `/api/chat.php?profile=${senders[0]!.profileId}`, receiver);
      expect(chat.status).toBe(200);
    }
    expect(missing).toEqual([]);
    await live.close();
    expect(output).toMatch(/instance 2 \(port \d+\) exited with SIGKILL: starting it again/);
    await until('instance 2 to be back', () => state().instances[2]!.pid !== victim.pid && instanceAnswers(victim.port));
  }, 240_000);

  it('loses nothing in a rolling restart (SIGHUP: each instance drains on SIGTERM before the next goes)', async () => {
    const live = follow(proxyPort, host(proxyPort), receiver);
    await live.ready();
    const before = state().instances.map((instance) => instance.pid);
    const restarted = output.length;
    fleet.kill('SIGHUP');
    const results = await steadySends('roll', () => !output.slice(restarted).includes('rolling restart done'), 1000, () => {});
    const after = state().instances.map((instance) => instance.pid);
    for (const [i, pid] of after.entries()) expect(pid).not.toBe(before[i]);
    expect(results.length).toBeGreaterThan(3);
    expect(results.filter((result) => result.status !== 201)).toEqual([]);
    await storedOnce(results);
    await until('every message on the stream', () => results.every((result) => live.messages.has(result.id!)), 30_000).catch(() => {});
    expect(results.filter((result) => !live.messages.has(result.id!))).toEqual([]);
    expect(live.reconnects).toBeGreaterThan(0);
    await live.close();
  }, 400_000);

  it('keeps an instance asked to stop down for maintenance (fleet:ctl hold), serves through the others, and starts it again on release (issue 44 item 3)', async () => {
    const ctl = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/fleet-ctl.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir } }).toString();
    const held = state().instances[1]!;
    const mark = output.length;
    expect(ctl('hold', '1')).toMatch(/instance 1 \(port \d+\) is draining/);
    await until('instance 1 to be held', () => state().instances[1]!.state === 'held', 30_000);
    expect(output.slice(mark)).toMatch(/instance 1 \(port \d+\) stopped on request: held out/);
    // A crash is started again after a second; a stop asked for is not, however long we wait.
    await sleep(3000);
    expect(state().instances[1]).toMatchObject({ state: 'held', pid: null });
    expect(await instanceAnswers(held.port).catch(() => false)).toBe(false);
    expect(output.slice(mark)).not.toMatch(/instance 1 \(port \d+\) exited with .*: starting it again/);
    for (let i = 0; i < 6; i++) expect((await request(proxyPort, host(proxyPort), '/healthz')).status).toBe(200);
    expect(ctl('status')).toMatch(/instance 1: port \d+, held/);
    expect(ctl('release')).toMatch(/start its held instances again/);
    await until('instance 1 to be back', async () => state().instances[1]!.state === 'running' && (await instanceAnswers(held.port)), 60_000);
    expect(state().instances[1]!.pid).not.toBe(held.pid);
  }, 120_000);

  it('runs each scheduled round once per minute across the fleet', async () => {
    const names = Object.entries(ROUNDS).filter(([, cron]) => cron === '* * * * *').map(([name]) => name);
    await until('a first round', async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${names[0]!}`.execute(shared.db);
      return rows[0]!.n > 0;
    }, 120_000);
    const { rows } = await sql<{ name: string; minute: string; n: number }>`
      select name, date_trunc('minute', created_on)::text as minute, count(*)::int as n from pgboss.job
      where name in (${sql.join(names)}) group by 1, 2`.execute(shared.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.n > 1)).toEqual([]);
  }, 150_000);

  /** The stored objects of the fleet's local S3-compatible store (s3rver keeps each as <key>._S3rver_object). */
  const storedObjects = () =>
    (fs.readdirSync(path.join(dataDir, 's3'), { recursive: true }) as string[]).filter((file) => file.endsWith('._S3rver_object')).map((file) => file.split(path.sep).join('/'));
  /** Waits for a run of `queue` that started after `since` and completed: the fleet's workers had another go. */
  const anotherRun = (queue: string, since: Date) =>
    until(`another completed ${queue} job`, async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${queue} and state = 'completed' and started_on > ${since}`.execute(shared.db);
      return rows[0]!.n > 0;
    }, 120_000);

  /** The members of the export and postback tests, whose mails are counted after them. */
  const exportAndPostbackMembers: string[] = [];
  const mailRows = () => shared.db.selectFrom('mail_outbox').select(['to_address', 'status']).where('to_address', 'in', exportAndPostbackMembers).execute();

  it("builds a member's large data export asked for through the proxy once, with three instances' workers polling", async () => {
    const owner = await member('Xena', 'female');
    const peer = await member('Xavi', 'male');
    const user = await shared.db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow();
    exportAndPostbackMembers.push(owner.email, peer.email);
    // More messages than EXPORT_INLINE_LIMIT: the export is a job that zips the file into the store.
    const [low, high] = [owner.profileId, peer.profileId].sort((a, b) => a - b) as [number, number];
    const conversation = await shared.db
      .insertInto('conversations')
      .values({ tenant_id: TENANT, profile_low: low, profile_high: high, started_by_profile_id: owner.profileId, last_message_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into messages (conversation_id, sender_profile_id, kind, body, created_at)
      select ${conversation.id}, ${owner.profileId}, 'text', 'export ' || n, now() from generate_series(1, ${EXPORT_INLINE_LIMIT + 1}) as n`.execute(shared.db);
    const asked = await request(proxyPort, host(proxyPort), '/account/export', {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host(proxyPort)}`, cookie: owner.session, 'accept-language': 'en' },
    });
    expect(asked.status).toBe(200);
    const link = /\/account\/export\/([\w-]{20,})/.exec(asked.text)?.[0];
    expect(link).toBeDefined();
    const exportRow = () => shared.db.selectFrom('data_exports').select(['id', 'status', 'file_key']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await until('the export to be ready', async () => (await exportRow()).status === 'ready', 120_000);
    const { id, file_key } = await exportRow();
    await until('its job to complete', async () => {
      const { rows } = await sql<{ state: string }>`select state from pgboss.job where name = 'trust.export' and data->>'export' = ${id}`.execute(shared.db);
      return rows.length > 0 && rows.every((row) => row.state === 'completed');
    });
    // One job, run once (no retry), one file in the store, whichever of the three workers took it.
    const { rows: jobs } = await sql<{ state: string; retry_count: number }>`select state, retry_count from pgboss.job where name = 'trust.export' and data->>'export' = ${id}`.execute(shared.db);
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
    const files = storedObjects().filter((file) => file.includes(`/x/${user.id}/`));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(file_key!);
    const download = await request(proxyPort, host(proxyPort), link!, { headers: { cookie: owner.session } });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
  }, 240_000);

  it('sends the postbacks of a signup, its confirmation and a purchase made through the proxy once each to the network', async () => {
    const site = host(proxyPort);
    const origin = `http://${site}`;
    const landing = await request(proxyPort, site, '/landers/video?network=fleetnet&sub1=fleet', { headers: { 'user-agent': BROWSER_UA } });
    expect(landing.status).toBe(200);
    const setCookies = ([] as string[]).concat(landing.headers['set-cookie'] ?? []);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('rdv_visit=');
    const email = 'fleetnet.lead@e2e.example';
    const signup = await request(proxyPort, site, '/api/signup.php', {
      method: 'POST',
      body: JSON.stringify({
        email,
        name: 'Nettie',
        password: MEMBER_PASSWORD,
        date_of_birth: '1980-05-05',
        gender: 'female',
        seeking: 'male',
        country: 'NL',
        ...fitsNicheOf(TENANT, 'female'),
        terms: true,
        orientation_consent: true,
      }),
      headers: { 'content-type': 'application/json', origin, cookie, 'user-agent': BROWSER_UA },
    });
    expect(signup.status, signup.text).toBe(201);
    const session = String(signup.headers['set-cookie']).split(';')[0]!;
    const outbox = await request(proxyPort, site, '/dev/outbox');
    const activation = new RegExp(`data-to="${email}"[\\s\\S]*?href="[^"]*(/activate\\?token=[\\w-]+)"`).exec(outbox.text)?.[1];
    expect(activation).toBeDefined();
    await request(proxyPort, site, activation!, { headers: { cookie: session } });
    await buyCredits(at(proxyPort), TENANT, { email, session, profileId: 0 });
    const visit = await shared.db.selectFrom('users').innerJoin('visits', 'visits.id', 'users.visit_id').select(['visits.click_id', 'users.id']).where('users.email', '=', email).executeTakeFirstOrThrow();
    const events = ['confirmed', 'lead', 'sale'];
    const mine = () => received.filter((url) => url.includes(`click_id=${visit.click_id}`));
    await until('the lead, confirmation and sale at the network', () => events.every((event) => mine().some((url) => url.startsWith(`/postback/${event}?`))));
    exportAndPostbackMembers.push(email);
    // The drains of the fleet ran once more after all three postbacks and all mails of these members
    // were sent (each minute, on whichever instance): nothing more may come. The mail check below reads
    // what this wait leaves.
    await until('their mails to leave the outbox', async () => (await mailRows()).every((row) => row.status === 'sent'));
    const since = new Date();
    await Promise.all([anotherRun('postbacks.send', since), anotherRun('mail.outbox', since)]);
    expect(mine().map((url) => url.split('?')[0]).sort()).toEqual(events.map((event) => `/postback/${event}`));
    const rows = await shared.db.selectFrom('postbacks').select(['event', 'status', 'attempts']).where('user_id', '=', visit.id).orderBy('event').execute();
    expect(rows).toEqual(events.map((event) => ({ event, status: 'sent', attempts: 1 })));
  }, 240_000);

  it('hands each mail of those members to the SMTP server once, whichever instance sent it', async () => {
    // All sent, and a drain of the fleet ran after that (the postback check waited for it).
    expect(exportAndPostbackMembers).toHaveLength(3);
    const rows = await mailRows();
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    const sent = rows.map((row) => row.to_address).sort();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(smtp!.recipients.filter((address) => exportAndPostbackMembers.includes(address)).sort()).toEqual(sent);
  });

  it('shows a changed tenant file on every instance, and no render cache serves the page from before', async () => {
    const instances = state().instances;
    const page = (port: number) => request(port, host(port), '/', { headers: { 'accept-language': 'en' } });
    // Each instance renders (and caches) the home page first.
    for (const instance of instances) expect((await page(instance.port)).status).toBe(200);
    const file = path.join(tenantsDir, `${TENANT}.json`);
    const tenant = JSON.parse(fs.readFileSync(file, 'utf8')) as { settings: { name: string } };
    const renamed = `Fleetlokaal ${Date.now() % 10_000}`;
    tenant.settings.name = renamed;
    fs.writeFileSync(file, JSON.stringify(tenant, null, 2));
    for (const instance of instances) {
      await until(`instance on ${instance.port} to read the new file`, async () => (await request(instance.port, host(instance.port), '/api/settings.php')).text.includes(renamed), 30_000);
      // The moment the instance knows the change, its pages show it: nothing cached from before.
      const fresh = await page(instance.port);
      expect(fresh.text).toContain(renamed);
    }
    expect((await page(proxyPort)).text).toContain(renamed);
  }, 120_000);
});
