// npm run bench (or npm run bench:events): send-to-receive latency of live events (GET
// /api/events.php, docs/decisions/0018) with 1,000 and 5,000 open streams, next to the same delivery
// through a bare in-process EventEmitter in the same run, so that the ratio is what matters.
//
// Each row holds N open HTTP event streams (one socket each, read by this process) and then sends
// SAMPLES events, one at a time, each to a stream picked at random; the latency runs from the send
// to the moment its bytes are read from that stream's socket.
// - bare EventEmitter: an http server in this process; a send is emitter.emit → res.write.
// - in-process bus: the same server, but each stream is the real eventStreamResponse over the
//   real createLocalBus (what a single instance without REDIS_URL runs).
// - Redis bus, one process: the same with createRedisBus, publishing through Redis and back
//   (SUBSCRIBE per channel, the default, and PSUBSCRIBE per tenant, the alternative it was chosen over).
// - Redis bus, two processes (DATABASE_URL and REDIS_URL): the production server (server.ts)
//   holds the streams of members with real sessions; this process publishes through Redis.
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../app/.server/db/database';
import { createLocalBus, memberChannel, type EventBus } from '../app/.server/events/bus';
import { createRedisBus } from '../app/.server/events/redis-bus';
import { createStreamRegistry, eventStreamResponse } from '../app/.server/events/sse';
import { startServer } from '../tests/support/server';
import { membersWithSessions } from './profiles';

const STREAMS = (process.env.BENCH_STREAMS ?? '1000,5000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;
const TENANT = 'flirtlokaal';
/** Streams per member: the product allows 10 per member and process. */
const PER_MEMBER = 10;

interface Holder {
  port: number;
  host: string;
  /** The path and headers of stream `i`. */
  stream(i: number): { path: string; headers: Record<string, string> };
  /** Sends event `seq` to the member of stream `i`. */
  send(i: number, seq: number): Promise<unknown>;
  close(): Promise<void>;
}

/** N open streams read by this process: resolves when all are open; `next(i, seq)` waits for event seq on stream i. */
async function openStreams(holder: Holder, count: number) {
  const waiting = new Map<string, () => void>();
  const requests: http.ClientRequest[] = [];
  const openOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const { path, headers } = holder.stream(i);
      const req = http.request({ host: '127.0.0.1', port: holder.port, path, headers: { host: holder.host, ...headers }, agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${i} answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk: string) => {
          if (!opened && /event: ready|: open/.test(chunk)) {
            opened = true;
            resolve();
          }
          for (const match of chunk.matchAll(/"seq":(\d+)/g)) waiting.get(`${i}:${match[1]}`)?.();
        });
      });
      req.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
      req.end();
      requests.push(req);
    });
  // Open them in batches, as many browsers would over a few seconds (all at once would overflow the listen backlog).
  for (let i = 0; i < count; i += 200) await Promise.all(Array.from({ length: Math.min(200, count - i) }, (_, j) => openOne(i + j)));
  return {
    next: (i: number, seq: number) => new Promise<void>((resolve) => waiting.set(`${i}:${seq}`, resolve)),
    close: () => requests.forEach((req) => req.destroy()),
  };
}

async function measure(holder: Holder, count: number): Promise<{ p50: number; p95: number }> {
  const streams = await openStreams(holder, count);
  const latencies: number[] = [];
  try {
    for (let seq = 0; seq < SAMPLES + 20; seq++) {
      const i = Math.floor(Math.random() * count);
      const received = streams.next(i, seq);
      const started = performance.now();
      await holder.send(i, seq);
      await received;
      if (seq >= 20) latencies.push(performance.now() - started); // the first 20 warm up
    }
  } finally {
    streams.close();
  }
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length * 0.5)]!, p95: latencies[Math.floor(latencies.length * 0.95)]! };
}

async function listen(handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const memberOf = (i: number) => 1 + Math.floor(i / PER_MEMBER);

/** The baseline: SSE written straight to the response by an EventEmitter listener. */
async function bareHolder(): Promise<Holder> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const server = await listen((req, res) => {
    const member = new URL(req.url ?? '/', 'http://x').searchParams.get('member') ?? '';
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': open\n\n');
    const listener = (data: unknown) => res.write(`event: message\ndata: ${JSON.stringify(data)}\n\n`);
    emitter.on(member, listener);
    res.on('close', () => emitter.off(member, listener));
  });
  return {
    port: (server.address() as AddressInfo).port,
    host: 'bench',
    stream: (i) => ({ path: `/?member=${memberOf(i)}`, headers: {} }),
    send: async (i, seq) => emitter.emit(String(memberOf(i)), { seq }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The product's stream code (eventStreamResponse) over a bus, served by a plain http server in this process. */
async function busHolder(bus: EventBus, publisher: EventBus = bus): Promise<Holder> {
  const registry = createStreamRegistry();
  const server = await listen((req, res) => {
    const member = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('member'));
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const response = eventStreamResponse(new Request('http://bench/api/events.php', { signal: controller.signal }), bus, memberChannel(TENANT, member), { registry });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    const reader = response.body!.getReader();
    res.on('close', () => void reader.cancel().catch(() => {}));
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
      res.end();
    })();
  });
  return {
    port: (server.address() as AddressInfo).port,
    host: 'bench',
    stream: (i) => ({ path: `/?member=${memberOf(i)}`, headers: {} }),
    send: (i, seq) => publisher.publish(memberChannel(TENANT, memberOf(i)), { type: 'message', data: { seq } }),
    close: async () => {
      registry.closeAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await bus.close();
      if (publisher !== bus) await publisher.close();
    },
  };
}

/** The production server holds the streams of members with real sessions; this process publishes through Redis. */
async function serverHolder(count: number): Promise<Holder> {
  const namespace = `rdv-bench:${crypto.randomBytes(6).toString('hex')}`;
  const server = await startServer({ SKIP_SEED: '1', SEARCH_INDEX_OFF: '1', REDIS_URL, EVENTS_NAMESPACE: namespace });
  const database = await openDatabase({ databaseUrl: server.databaseUrl!, poolSize: 2 });
  let members: { userIds: number[]; cookies: string[] };
  try {
    members = await membersWithSessions(database.db, TENANT, Math.ceil(count / PER_MEMBER), 'bench-events');
  } finally {
    await database.close();
  }
  const { userIds, cookies } = members;
  const publisher = createRedisBus(REDIS_URL!, { namespace });
  return {
    port: server.port,
    host: `${TENANT}.localhost`,
    stream: (i) => ({ path: '/api/events.php', headers: { cookie: cookies[Math.floor(i / PER_MEMBER)]! } }),
    send: (i, seq) => publisher.publish(memberChannel(TENANT, userIds[Math.floor(i / PER_MEMBER)]!), { type: 'message', data: { seq } }),
    close: async () => {
      await publisher.close();
      await server.stop();
    },
  };
}

type Row = { name: string; make: (count: number) => Promise<Holder> };
const ONLY = process.env.BENCH_ONLY;
const rows: Row[] = [
  { name: 'bare EventEmitter (baseline)', make: () => bareHolder() },
  { name: 'in-process bus', make: async () => busHolder(createLocalBus()) },
];
if (REDIS_URL) {
  const namespace = () => `rdv-bench:${crypto.randomBytes(6).toString('hex')}`;
  rows.push({
    name: 'Redis bus, one process',
    make: async () => {
      const ns = namespace();
      return busHolder(createRedisBus(REDIS_URL, { namespace: ns }), createRedisBus(REDIS_URL, { namespace: ns }));
    },
  });
  rows.push({
    name: 'Redis bus, one process, PSUBSCRIBE per tenant',
    make: async () => {
      const ns = namespace();
      return busHolder(createRedisBus(REDIS_URL, { namespace: ns, subscription: 'tenant' }), createRedisBus(REDIS_URL, { namespace: ns, subscription: 'tenant' }));
    },
  });
  if (DATABASE_URL) rows.push({ name: 'Redis bus, two processes (server.ts)', make: (count) => serverHolder(count) });
}

if (ONLY) rows.splice(1, rows.length, ...rows.filter((row, i) => i > 0 && row.name.includes(ONLY)));

const table: string[][] = [['delivery', 'streams', 'p50 ms', 'p95 ms', 'p50 / bare', 'p95 / bare']];
for (const count of STREAMS) {
  let baseline: { p50: number; p95: number } | null = null;
  for (const row of rows) {
    const holder = await row.make(count);
    try {
      const result = await measure(holder, count);
      baseline ??= result;
      table.push([row.name, String(count), result.p50.toFixed(2), result.p95.toFixed(2), (result.p50 / baseline.p50).toFixed(2), (result.p95 / baseline.p95).toFixed(2)]);
    } finally {
      await holder.close();
    }
  }
}

const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log(`\nLive events: send-to-receive latency over HTTP event streams, ${SAMPLES} events one at a time to random open streams`);
if (!REDIS_URL) console.log('(set REDIS_URL for the Redis rows, and DATABASE_URL as well for two processes)');
console.log('');
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
