// One client asking one request after another over a single kept-alive connection: a member's
// latency, without connection set-up in the figures (bench/search-http.ts, bench/network-overview.ts).
import http from 'node:http';

export function keepAliveGet(): {
  get: (port: number, path: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;
  close: () => void;
} {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (port: number, path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}
