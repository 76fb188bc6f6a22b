// What a start writes once it listens (README "Demo accounts"), and the small settings it reads on the way.
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import type { Tenant } from '../tenants/schema';

/** TRUST_PROXY as Express's "trust proxy" setting: off, on, a hop count, or a list of addresses. */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** This server's own origin as it listens (the demo network's /dev/postbacks templates post to it). */
export function ownOriginOf(address: AddressInfo | string | null, port: number): string {
  const bound = typeof address === 'object' && address && !['0.0.0.0', '::'].includes(address.address) ? address : null;
  return `http://${bound ? (bound.family === 'IPv6' ? `[${bound.address}]` : bound.address) : '127.0.0.1'}:${port}`;
}

/** The listening line (tests and scripts read its address), the admission limits, and each site's demo host. */
export function listeningLines(config: Config, kind: string, tenants: Tenant[], port: number): string[] {
  const { inFlight, queue, queueMs } = config.admission;
  return [
    `${kind} database, ${tenants.length} tenants, listening on http://localhost:${port} (address ${config.HOST})`,
    `admission limits: ${inFlight ? `${inFlight} requests in flight, ${queue} waiting as long as a quiet request takes (${queueMs} ms at most)` : 'no limit on requests in flight'}, ${config.OVERLOAD_DELAY_MS ? `shedding at a sustained event-loop delay over ${config.OVERLOAD_DELAY_MS} ms` : 'no shedding on event-loop delay'} (docs/decisions/0071)`,
    ...tenants.map((tenant) => `  ${tenant.settings.name}: http://${tenant.id}.localhost:${port}/`),
  ];
}

/** What a newcomer needs after `npm start`: the demo accounts and the consoles. */
export function demoBlock(port: number, adminHost: string | undefined): string {
  return [
    `demo accounts (password ${DEMO_PASSWORD}), <site> being flirtlokaal, herzklopfen, rainbowhearts, solvhjerter or bellacurva:`,
    `  members    member@<site>.example, premium@<site>.example — http://<site>.localhost:${port}/login`,
    `  operators  operator@, moderator@, marketer@, admin@<site>.example — http://<site>.localhost:${port}/operator/login`,
    ...(adminHost ? [`  network    network@rendezvous.example, analyst@rendezvous.example — http://${adminHost}:${port}/ (codes on http://${adminHost}:${port}/dev/outbox)`] : []),
    `  mails      http://<site>.localhost:${port}/dev/outbox`,
  ].join('\n');
}
