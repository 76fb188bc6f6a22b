// The direct-debit context of a request: the checkout context plus whether an SMS can be sent.
import type { AppLoadContext } from '@remix-run/node';
import { ProviderError } from '../payments/provider';
import { checkoutContext } from '../payments/request-context';
import type { DirectDebitContext } from './direct-debit';
import { logger } from '../observability/logger';

/** Null when the tenant's provider cannot be used (logged; the caller answers provider_unavailable). */
export function directDebitContext(context: AppLoadContext): DirectDebitContext | null {
  try {
    return { ...checkoutContext(context), smsAvailable: context.smsAvailable, pokeSms: () => context.sms.poke() };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.error(`${error.message}`);
    return null;
  }
}
