// The payment context of a request: the tenant's provider, the site's origin for return and webhook
// URLs, the member's language.
import type { AppLoadContext } from '@remix-run/node';
import type { CheckoutContext } from './payments';
import { providerFor } from './providers';
import type { PaymentProvider } from './provider';

/** The sandbox serves development, tests and the demo (DEMO=1), never a real production start. */
export function providerOfContext(context: AppLoadContext): PaymentProvider {
  return providerFor({ db: context.db, tenant: context.tenant, origin: context.origin, sandboxAllowed: context.devOutbox });
}

export function checkoutContext(context: AppLoadContext): CheckoutContext {
  return { db: context.db, tenant: context.tenant, provider: providerOfContext(context), origin: context.origin, locale: context.locale, events: context.events };
}
