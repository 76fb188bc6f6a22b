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

export type Form = Record<string, string | string[]>;

/** The form's fields as the page rendered them (inputs, checked boxes, selected options, textareas). */
export function wizardFormOf(html: string): Form {
  const form: Form = {};
  const add = (name: string, value: string) => {
    const previous = form[name];
    form[name] = previous === undefined ? value : [previous].flat().concat(value);
  };
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const body = html.slice(html.indexOf('<form method="post" action="/tenants'));
  for (const match of body.matchAll(/<input ([^>]*)>|<textarea [^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>|<select name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    if (match[1] !== undefined) {
      const attrs = match[1];
      const name = /name="([^"]+)"/.exec(attrs)?.[1];
      if (!name) continue;
      if (/type="checkbox"/.test(attrs) && !/ checked/.test(attrs)) continue;
      add(name, decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? ''));
    } else if (match[2] !== undefined) add(match[2], decode(match[3]!));
    else {
      const selected = /<option value="([^"]*)" selected(?:="")?>/.exec(match[5]!) ?? /<option value="([^"]*)"/.exec(match[5]!);
      add(match[4]!, selected?.[1] ?? '');
    }
  }
  return form;
}

export const encodeForm = (form: Form) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) params.append(name, one);
  return params.toString();
};
