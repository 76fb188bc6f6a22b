// Which provider a tenant pays through (tenant file `payments.provider`).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { MollieProvider } from './mollie';
import { ProviderError, type PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox';

export interface ProviderContext {
  db: Kysely<DB>;
  tenant: Tenant;
  /** scheme://host of the site (the sandbox's checkout page lives there). */
  origin: string;
  /** False in a real production start: the sandbox would hand out credits for nothing. */
  sandboxAllowed: boolean;
  env?: Record<string, string | undefined>;
}

const mollieClients = new Map<string, MollieProvider>();

export function providerFor(context: ProviderContext): PaymentProvider {
  const { tenant } = context;
  if (tenant.payments.provider === 'sandbox') {
    if (!context.sandboxAllowed) throw new ProviderError(`${tenant.id}: the sandbox provider is not available in production`);
    return new SandboxProvider(context.db, tenant.id, context.origin);
  }
  const variable = tenant.payments.mollie_api_key_env!;
  const key = (context.env ?? process.env)[variable];
  if (!key) throw new ProviderError(`${tenant.id}: the environment variable ${variable} holds no Mollie API key`);
  let provider = mollieClients.get(key);
  if (!provider) {
    provider = new MollieProvider(key);
    mollieClients.set(key, provider);
  }
  return provider;
}
