// The payment country of a request (docs/product.md §3 paymentCountry): ?country= when the tenant serves it,
// else the visitor's own country choice (the `country` cookie), else the detected country, else the
// member's profile country, else the tenant's first country.
import type { AppLoadContext } from '@remix-run/node';
import { readCookie } from '../i18n/negotiate';
import { paymentCountry } from './offer';

export const SELECTED_COUNTRY_COOKIE = 'country';

export async function requestPaymentCountry(request: Request, context: AppLoadContext, asked?: string | null): Promise<string> {
  const selected = readCookie(request.headers.get('Cookie'), SELECTED_COUNTRY_COOKIE);
  const profileCountry = context.user?.profile_id
    ? (await context.db.selectFrom('profiles').select('country').where('id', '=', context.user.profile_id).executeTakeFirst())?.country
    : null;
  return paymentCountry(context.tenant, asked, selected, context.visitor.country, profileCountry);
}
