// Sessions for the network console's HTTP tests (docs/decisions/0050): a network staff member's, logged
// in in two steps with the code read from the admin host's outbox, and a site member's or operator's.
import { expect } from 'vitest';
import { request, type RunningServer } from './server';

export const NETWORK_DEMO = { email: 'network@rendezvous.example', password: 'rendezvous-demo' };

export const adminHost = (server: RunningServer) => `admin.localhost:${server.port}`;

export const cookieOf = (headers: Record<string, unknown>, name: string) =>
  [headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

const postJson = (server: RunningServer, body: unknown) =>
  request(server.port, adminHost(server), '/api/network/login.php', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: `http://${adminHost(server)}` },
  });

/** A network staff session cookie (`rdv_network=…`). */
export async function networkSession(server: RunningServer, email = NETWORK_DEMO.email): Promise<string> {
  const first = await postJson(server, { ...NETWORK_DEMO, email });
  expect(first.status).toBe(200);
  expect(first.json()).toEqual({ step: 'code' });
  const outbox = await request(server.port, adminHost(server), '/dev/outbox');
  const code = new RegExp(`data-to="${email}"[\\s\\S]*?<pre>(\\d{6})`).exec(outbox.text)?.[1];
  expect(code, 'the code is in the admin host outbox').toBeDefined();
  const second = await postJson(server, { ...NETWORK_DEMO, email, code });
  expect(second.status).toBe(200);
  const cookie = cookieOf(second.headers, 'rdv_network');
  expect(cookie).toBeDefined();
  return cookie!;
}

/** A site member's (`rdv_session`) or operator's (`rdv_operator`) session on a demo site. */
export async function siteSession(server: RunningServer, host: string, path: string, email: string, name: string): Promise<string> {
  const res = await request(server.port, host, path, {
    method: 'POST',
    body: new URLSearchParams({ email, password: 'rendezvous-demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
  });
  expect(res.status, `${email} logs in`).toBe(302);
  return cookieOf(res.headers, name)!;
}
