// The demo's member, for the benchmarks that measure member pages (DEMO=1 seeds them).
import { request } from '../tests/support/server';

export const DEMO_TENANT = 'flirtlokaal';
export const DEMO_HOST = `${DEMO_TENANT}.localhost`;
const MEMBER = { email: `member@${DEMO_TENANT}.example`, password: 'rendezvous-demo' };

/** Logs the demo member in on the server at `port`; resolves with the session cookie (`name=value`). */
export async function demoMemberCookie(port: number): Promise<string> {
  const res = await request(port, `${DEMO_HOST}:${port}`, '/api/user.php', {
    method: 'POST',
    body: JSON.stringify(MEMBER),
    headers: { 'content-type': 'application/json', origin: `http://${DEMO_HOST}:${port}` },
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.text}`);
  return String(res.headers['set-cookie']).split(';')[0]!;
}
