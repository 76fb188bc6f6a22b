// The load context of the network console's Remix app (app/network-console, docs/decisions/0072):
// what server.ts hands every console loader and action on ADMIN_HOST. It is not the sites' context
// (no tenant, no member): a console route reads it through consoleOf(), never from AppLoadContext's
// site fields, which are absent on this host.
import type { AppLoadContext } from '@remix-run/node';
import type { Kysely } from 'kysely';
import type { Locale } from '~/shared/locales';
import type { DB } from '../db/schema';
import type { RateLimits } from '../limits/rate-limits';
import type { Tenant } from '../tenants/schema';
import type { SiteStatus } from '../tenants/store';
import type { Client, NetworkActor } from './staff';
import type { TenantSource } from './tenants';

export interface ConsoleContext {
  requestId: string;
  /** The staff member's language: the console's language cookie, else Accept-Language, else English. */
  locale: Locale;
  nonce: string;
  db: Kysely<DB>;
  /** The signed-in staff member (network session cookie), or null. */
  actor: NetworkActor | null;
  client: Client;
  /** Whether the request came over HTTPS (Secure cookies). */
  secure: boolean;
  /** Every site as this instance serves it, where a brand is saved (tenants/sites.ts), and each one's status. */
  sites: TenantSource & { status: (id: string) => SiteStatus };
  /** A site's own origin, for links to its console (http/origin.ts tenantHome). */
  siteHome: (tenant: Tenant) => string;
  /** The console's own origin from ADMIN_HOST (never the request's Host): links in mails point there. */
  adminOrigin: string;
  /** The sender of the console's mails. */
  from: string;
  /** Asks the mail worker to send now. */
  pokeMail: () => void;
  /** The shared limiter: the password step's limits (docs/decisions/0068). */
  limits: RateLimits;
  /** /dev/outbox is served (development, test and the demo; never a real production start). */
  devOutbox: boolean;
  /** The render abort delay and the Retry-After of the 503 a render past it answers (docs/decisions/0039). */
  render: { abortMs: number; retryAfterS: number };
}

/** What server.ts passes as the console's load context: the console's own, beside the fields the shared request code reads. */
export interface ConsoleLoadContext {
  requestId: string;
  locale: Locale;
  nonce: string;
  network: ConsoleContext;
}

/** The console's context of a loader or action on ADMIN_HOST; a console route running elsewhere is a wiring mistake. */
export function consoleOf(context: AppLoadContext): ConsoleContext {
  const network = (context as unknown as Partial<ConsoleLoadContext>).network;
  if (!network) throw new Error('a network console route ran without the console context (server.ts wires it on ADMIN_HOST only)');
  return network;
}

/** The console's load context as Remix's type: the console's routes read it through consoleOf(). */
export function asLoadContext(context: ConsoleLoadContext): AppLoadContext {
  return context as unknown as AppLoadContext;
}
