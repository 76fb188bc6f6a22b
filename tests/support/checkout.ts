// Test data for purchases: a checkout on the sandbox provider (the context createPayment takes) and a
// buyer, as the payment, offer and crash-window tests use them.
import type { Kysely } from 'kysely';
import { signUp } from '~/.server/accounts/signup';
import type { DB, Payment, User } from '~/.server/db/schema';
import { createPayment, type CheckoutContext } from '~/.server/payments/payments';
import { SandboxProvider } from '~/.server/payments/sandbox';
import type { Tenant } from '~/.server/tenants/schema';
import type { Locale } from '~/shared/locales';
import { fitsNiche } from './niche';

export interface SandboxCheckout {
  sandbox: SandboxProvider;
  ctx: CheckoutContext;
}

/** The sandbox provider of `tenant` on its .localhost origin, and the checkout context around it. */
export function sandboxCheckout(db: Kysely<DB>, tenant: Tenant, locale = 'nl'): SandboxCheckout {
  const origin = `http://${tenant.id}.localhost`;
  const sandbox = new SandboxProvider(db, tenant.id, origin);
  return { sandbox, ctx: { db, tenant, provider: sandbox, origin, locale } };
}

let n = 0;

/** A member who signed up on `tenant` (not activated: buying needs no confirmed address) — a man seeking women in its first country. */
export async function buyer(db: Kysely<DB>, tenant: Tenant, name = 'Buyer', locale: Locale = 'en'): Promise<User> {
  n++;
  const result = await signUp(db, tenant, { ip: null, origin: 'http://x', locale }, {
    email: `${name.toLowerCase()}${n}@example.com`,
    name: `${name}${n}`.slice(0, 20),
    password: 'a good password',
    date_of_birth: '1990-01-01',
    gender: 'male',
    seeking: 'female',
    country: tenant.settings.countries[0]!,
    terms: true,
    orientation_consent: true,
    tracking: { network: 'test' },
    ...fitsNiche(tenant, 'male'),
  });
  if (!result.ok) throw new Error(result.error);
  return result.user;
}

/** An open payment for `bundle` by `method` in the Netherlands; throws when the checkout refuses it. */
export async function startCheckout(ctx: CheckoutContext, user: User, bundle = 'popular', method = 'ideal'): Promise<Payment> {
  const result = await createPayment(ctx, user, { package: bundle, method, country: 'NL' });
  if (!result.ok) throw new Error(result.error);
  return result.payment;
}
