// npm run bench — throughput and tail latency of the production build, next to a bare node:http
// server answering the same bytes in the same run, so the ratio is what matters, not the machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { request, startServer } from '../tests/support/server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOST = 'flirtlokaal.localhost';

interface Result {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measure(port: number, path: string): Promise<Result> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    headers: { host: HOST },
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A server that answers every request with the given bytes and headers, doing nothing else. */
async function bareServer(body: Buffer, contentType: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

// Admission control off: a benchmark saturates the server on purpose (docs/decisions/0039, 0071).
const app = await startServer({ NODE_ENV: 'production', DEMO: '1', DATABASE_URL: '', OVERLOAD_DELAY_MS: '0', ADMISSION_IN_FLIGHT: '0' });
const rows: string[][] = [['path', 'bytes', 'app req/s', 'app p99 ms', 'bare req/s', 'bare p99 ms', 'app/bare req/s', 'errors']];
try {
  for (const path of ['/', '/api/settings.php']) {
    const sample = await request(app.port, HOST, path);
    if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}`);
    const bare = await bareServer(sample.body, String(sample.headers['content-type']));
    const barePort = (bare.address() as AddressInfo).port;
    await measure(app.port, path); // warm-up
    const ours = await measure(app.port, path);
    const baseline = await measure(barePort, path);
    bare.close();
    rows.push([
      path,
      String(sample.body.length),
      ours.requestsPerSecond.toFixed(0),
      String(ours.p99),
      baseline.requestsPerSecond.toFixed(0),
      String(baseline.p99),
      (ours.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
      String(ours.errors + baseline.errors),
    ]);
  }
} finally {
  await app.stop();
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per run, Host: ${HOST}\n`);
for (const row of rows) console.log(row.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
