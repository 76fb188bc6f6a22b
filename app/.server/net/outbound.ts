// Calls to an address someone supplied (issue 31 item 3, docs/decisions/0037): a member's push
// endpoint, a marketer's postback template in a tenant file. Not the operator's own services from
// the process environment (SMTP_URL, SMS_URL, the media store): those may well be on the private
// network (issue 48 item 21, docs/decisions/0069 addendum) and use `plainRequest`. Such an
// address must never reach the server's own network — loopback, private and link-local ranges, the
// cloud metadata service — whatever the URL spells (127.0.0.1, 2130706433, [::1], a name that
// resolves there). Two checks:
// - when the address is stored (a push subscription): a literal address or `localhost` in the URL
//   is refused at once (`refusedHost`);
// - when connecting: every such call goes through `outboundAgent` (request-filtering-agent), which
//   checks the address the name resolved to, on every connection, so a name that later points to
//   127.0.0.1 (DNS rebinding) is refused too. `outboundRequest` is node:http(s) with that agent for
//   the calls that used fetch (an http.Agent does not apply to fetch).
// Tests that run a local sink opt in with OUTBOUND_ALLOW_PRIVATE=1 (never in a real production
// start, see config.ts); the metadata address stays refused even then.
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** The one variable that lets outbound calls reach private addresses (tests with a local sink). */
export const ALLOW_PRIVATE_VARIABLE = 'OUTBOUND_ALLOW_PRIVATE';

/** The metadata service of the clouds (AWS, GCP, Azure, OpenStack; AWS's IPv6 one): refused even when private addresses are allowed. */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'];
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

export function privateAddressesAllowed(env: Record<string, string | undefined> = process.env): boolean {
  return ['1', 'true', 'yes'].includes(env[ALLOW_PRIVATE_VARIABLE] ?? '');
}

/** True for an IP address outside the public unicast range (loopback, private, link-local, reserved, …). */
export function isNonPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() !== 'unicast' || METADATA_ADDRESSES.includes(address.toString());
}

export type RefusedHost = 'invalid' | 'localhost' | 'private' | 'metadata';

/**
 * Why a URL may not be stored as an address to call later, or null. Checks what the URL itself
 * says (the WHATWG parser already turns 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1); the
 * resolved address is checked again on every connection (outboundAgent).
 */
export function refusedHost(url: string | URL, env: Record<string, string | undefined> = process.env): RefusedHost | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (METADATA_NAMES.has(host) || METADATA_ADDRESSES.includes(host)) return 'metadata';
  if (privateAddressesAllowed(env)) return null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'localhost';
  if (isNonPublicAddress(host)) return 'private';
  return null;
}

const agents = new Map<boolean, { http: http.Agent; https: https.Agent }>();

/** The agent for a call to `url`: it refuses to connect to a non-public address, whatever the name resolved to. */
export function outboundAgent(url: string | URL): http.Agent {
  const allowPrivate = privateAddressesAllowed();
  let pair = agents.get(allowPrivate);
  if (!pair) {
    const filter = { allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: false, denyIPAddressList: METADATA_ADDRESSES };
    pair = { http: new RequestFilteringHttpAgent({ keepAlive: true, ...filter }), https: new RequestFilteringHttpsAgent({ keepAlive: true, ...filter }) };
    agents.set(allowPrivate, pair);
  }
  return new URL(url).protocol === 'http:' ? pair.http : pair.https;
}

export interface OutboundAnswer {
  status: number;
  body: string;
}

/**
 * One request to a supplied address through outboundAgent; no redirects are followed. Rejects on a
 * refused address, a network error or after `timeoutMs`; any HTTP status resolves.
 */
export function outboundRequest(url: string, init: RequestInit): Promise<OutboundAnswer> {
  return requestWith(url, init, outboundAgent(url));
}

/**
 * The same request to an address of the operator's own environment (SMS_URL): Node's default agent,
 * no address filter — the operator chose it, and an internal relay is a private address.
 */
export function plainRequest(url: string, init: RequestInit): Promise<OutboundAnswer> {
  return requestWith(url, init, undefined);
}

interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBody?: number;
}

function requestWith(url: string, init: RequestInit, agent: http.Agent | undefined): Promise<OutboundAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'http:' ? http : https;
  const maxBody = init.maxBody ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const headers = { ...init.headers, ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}) };
    const request = client.request(target, { method: init.method ?? 'GET', headers, ...(agent ? { agent } : {}), timeout: init.timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        // Networks and gateways answer a word or two: the rest is read and dropped.
        if (size < maxBody) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, maxBody) }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(init.body);
  });
}
