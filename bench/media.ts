// npm run bench:media — the per-request cost of serving a member's photo (GET /media/u/…, the serving
// rule included: tenant host and row check) from the local disk and from an S3-compatible store, next
// to a bare node:http server sending the same bytes, all in one run, so that the ratios are what
// matter. The store is s3rver on this machine (tests' store): a real S3 adds its network round trip,
// and s3rver's own work shares these CPUs, so the S3 figures are a pessimistic local bound.
// Rows: a full fetch (200, the picture's bytes) and a browser's revalidation (If-None-Match → 304).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { signUpMember } from '../tests/support/members';
import { startLocalS3 } from '../tests/support/s3';
import { request, startServer, type RunningServer } from '../tests/support/server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TENANT = 'flirtlokaal';

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(port: number, host: string, path: string, headers: Record<string, string>, expected: number): Promise<Result> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, headers: { host, ...headers }, connections: CONNECTIONS, duration: DURATION_S });
  const wrong = Object.entries(result.statusCodeStats ?? {}).reduce((sum, [code, stats]) => sum + (Number(code) === expected ? 0 : (stats as { count: number }).count), 0);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + wrong };
}

/** Uploads one 1000×750 photo (noise over a gradient: about the size of a real photo) as a new member; its URL and the bytes served. */
async function photoOn(server: RunningServer): Promise<{ host: string; path: string; bytes: Buffer; etag: string }> {
  const host = `${TENANT}.localhost:${server.port}`;
  const member = await signUpMember(server, TENANT, { name: `Bench${server.port}`, country: 'NL' });
  const pixels = Buffer.alloc(1000 * 750 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i % 3000) / 12 + Math.random() * 20) & 255;
  const image = await sharp(pixels, { raw: { width: 1000, height: 750, channels: 3 } }).png().toBuffer();
  const boundary = '----rdvbench';
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), image, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const upload = await request(server.port, host, '/api/photos.php', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: `http://${host}`, cookie: member.session } });
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${upload.text}`);
  const path = upload.json<{ photo: { filename: string } }>().photo.filename;
  const res = await request(server.port, host, path);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return { host, path, bytes: res.body, etag: String(res.headers.etag) };
}

const s3 = await startLocalS3();
const disk = await startServer({ SKIP_SEED: '1' });
const inS3 = await startServer({ SKIP_SEED: '1', ...s3.env('bench/') });
const rows: string[][] = [['request', 'store', 'req/s', 'p50 ms', 'p99 ms', '× bare req/s', '× disk req/s', 'errors']];
try {
  const onDisk = await photoOn(disk);
  const onS3 = await photoOn(inS3);
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/webp', 'content-length': onDisk.bytes.length });
    res.end(onDisk.bytes);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as AddressInfo).port;

  for (const kind of ['fetch (200)', 'revalidate (304)'] as const) {
    const revalidate = kind === 'revalidate (304)';
    const run = async (server: RunningServer, photo: typeof onDisk) => {
      const headers: Record<string, string> = revalidate ? { 'if-none-match': photo.etag } : {};
      await measure(server.port, photo.host, photo.path, headers, revalidate ? 304 : 200); // warm-up
      return measure(server.port, photo.host, photo.path, headers, revalidate ? 304 : 200);
    };
    const baseline = revalidate ? null : await measure(barePort, 'bare', '/', {}, 200);
    const fromDisk = await run(disk, onDisk);
    const fromS3 = await run(inS3, onS3);
    if (baseline) rows.push([kind, `bare node:http, ${onDisk.bytes.length} B`, baseline.rps.toFixed(0), String(baseline.p50), String(baseline.p99), '1.000', '', String(baseline.errors)]);
    for (const [store, result] of [['disk', fromDisk], ['s3 (s3rver)', fromS3]] as const) {
      rows.push([kind, store, result.rps.toFixed(0), String(result.p50), String(result.p99), baseline ? (result.rps / baseline.rps).toFixed(3) : '', (result.rps / fromDisk.rps).toFixed(3), String(result.errors)]);
    }
  }
  bare.close();
} finally {
  await inS3.stop();
  await disk.stop();
  await s3.stop();
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
console.log(`\nServing a member's photo, ${CONNECTIONS} connections, ${DURATION_S} s per run\n`);
for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
